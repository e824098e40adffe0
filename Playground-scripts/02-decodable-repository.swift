// The Repository example from the original Decodable README, decoded twice: with named functions, then with
// the optional operators. Both spellings give the same model and the same errors.
import Genome
import GenomeOperators

let json = try Node(
    json: """
        {
          "nested": {"name": "Decodable"},
          "description": "Swift's Decodable framework, reborn",
          "stargazers_count": 1650,
          "language": "Swift",
          "owner": {"id": 1, "login": "Anviking"},
          "default_branch": "master"
        }
        """)

struct User: NodeDecodable {
    let id: Int
    let login: String

    static func decode(_ json: Node) throws -> User {
        try User(id: json.decode("id"), login: json.decode("login"))
    }
}

/// Not `NodeDecodable` itself: it is built from a decoded `String`.
struct Branch {
    let name: String
}

struct Repository {
    let name: String
    let description: String
    let stargazersCount: Int
    let language: String?
    let sometimesMissingKey: String?
    let owner: User
    let defaultBranch: Branch

    var fullName: String { "\(owner.login)/\(name)" }
}

// Operator-free: `decode` throws for a missing key; `decodeIfPresent` gives nil instead.
extension Repository: NodeDecodable {
    static func decode(_ json: Node) throws -> Repository {
        try Repository(
            name: json.decode("nested", "name"),
            description: json.decode("description"),
            stargazersCount: json.decode("stargazers_count"),
            language: json.decode("language"),
            sometimesMissingKey: json.decodeIfPresent("sometimesMissingKey"),
            owner: json.decode("owner"),
            defaultBranch: Branch(name: json.decode("default_branch")))
    }
}

// The same with operators: `=>` is `decode`, `=>?` is `decodeIfPresent`.
enum OperatorStyle {
    static func repository(_ json: Node) throws -> Repository {
        try Repository(
            name: json => "nested" => "name",
            description: json => "description",
            stargazersCount: json => "stargazers_count",
            language: json => "language",
            sometimesMissingKey: json =>? "sometimesMissingKey",
            owner: json => "owner",
            defaultBranch: Branch(name: json => "default_branch"))
    }
}

let plain = try Repository.decode(json)
let sugared = try OperatorStyle.repository(json)
print("named functions:", plain.fullName, "★\(plain.stargazersCount)", plain.language ?? "-", plain.defaultBranch.name)
print(
    "operators:      ", sugared.fullName, "★\(sugared.stargazersCount)", sugared.language ?? "-",
    sugared.defaultBranch.name)
print("missing optional key gives:", plain.sometimesMissingKey as Any)

// A list of repositories, one of them broken: the error says exactly where.
var broken = json
broken["owner", "login"] = nil
let list: Node = ["repositories": [json, broken]]
do {
    let _: [Repository] = try list.decode("repositories")
} catch {
    print(error)
}
do {
    let _: [Repository] = try list => "repositories"
} catch {
    print(error)
}
