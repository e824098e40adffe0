import Foundation
import GenomeCommand

exit(await GenomeTool.main(arguments: Array(CommandLine.arguments.dropFirst()), console: .standard))
