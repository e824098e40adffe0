// A BasicMappable model of a NASA "astronomy picture of the day" entry (a sample, no network), with `<~>`,
// `<~` and transforms, read and written back.
import Genome
import GenomeOperators

let sample = """
    {
      "date": "2024-05-11",
      "title": "Aurora over the Lofoten Islands",
      "explanation": "Charged particles from a coronal mass ejection met the Earth's magnetic field.",
      "media_type": "image",
      "concepts": ["aurora", "magnetosphere", "solar wind"],
      "url": "HTTPS://APOD.NASA.GOV/APOD/IMAGE/2405/AURORA_1024.JPG",
      "hdurl": null,
      "copyright": "A. Photographer"
    }
    """

struct Photo: BasicMappable {
    var title = ""
    var date = ""
    var concepts: [String] = []
    var url: String?
    var highDefinitionURL: String?
    var isImage = false
    var year = 0

    init() {}

    mutating func sequence(_ map: Map) throws {
        try title <~> map["title"]  // both ways
        try date <~> map["date"]
        try concepts <~ map["concepts"]  // read only
        try url <~ map["url"].transformFromNode { (s: String) in s.lowercased() }
        try highDefinitionURL <~> map["hdurl"]  // null reads as nil, nil is left out when writing
        try isImage <~ map["media_type"].transformFromNode { (type: String) in type == "image" }
        try year <~ map["date"].transformFromNode { (date: String) in Int(date.prefix(4)) ?? 0 }
        try concepts.count ~> map["concept_count"]  // write only
    }
}

let photo = try Photo(node: Node(json: sample))
print("title:", photo.title)
print("year:", photo.year, "| image:", photo.isImage)
print("concepts:", photo.concepts.joined(separator: ", "))
print("url:", photo.url ?? "-")
print("hd url:", photo.highDefinitionURL ?? "(none)")
print("written back:", try photo.makeNode().serialized([.sortedKeys]))
