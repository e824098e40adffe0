import Genome

// Models shared by the decoding tests.

struct Owner: NodeDecodable, Equatable {
    let id: Int
    let login: String

    static func decode(_ json: Node) throws -> Owner {
        try Owner(id: json.decode("id"), login: json.decode("login"))
    }
}

struct Repository: NodeDecodable, Equatable {
    let name: String
    let description: String?
    let stargazers: Int
    let owner: Owner
    let contributors: [Owner]
    let topics: Set<String>

    static func decode(_ json: Node) throws -> Repository {
        try Repository(
            name: json.decode("name"),
            description: json.decode("description"),
            stargazers: json.decode("stargazers_count"),
            owner: json.decode("owner"),
            contributors: json.decode("contributors"),
            topics: json.decode("topics"))
    }
}

enum PetType: String, NodeDecodable {
    case dog, cat
}

enum Priority: Int, NodeDecodable {
    case low = 1
    case high = 2
}

let repositoryJSON: Node = [
    "name": "Genome",
    "description": nil,
    "stargazers_count": 42,
    "owner": ["id": 1, "login": "anviking"],
    "contributors": [["id": 1, "login": "anviking"], ["id": 2, "login": "loganwright"]],
    "topics": ["json", "swift", "json"],
]
