// GenomeOperators: opt-in operator sugar over Genome's named API.
//
// Every operator here is a one-line forward to a named function in Genome, so nobody has to learn an operator
// to use the library. Importing this module also imports Genome.
@_exported import Genome
