import ArgumentParser

struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "generate", abstract: "Generate Swift models.")
    func run() async throws {}
}
