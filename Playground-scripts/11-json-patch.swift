// An HTTP-style PATCH of a stored document: the body is a JSON Patch (RFC 6902) or a JSON Merge Patch (RFC 7396),
// applied all or nothing; a failing patch leaves the stored document as it was, and every change is audited as a
// JSON Patch computed between the old and the new document. JSON Pointers (RFC 6901) read the result.
import Genome

/// A stored document and what a PATCH request does to it.
struct DocumentStore {
    var document: Node
    var audit: [JSONPatch] = []

    /// The status code and body an HTTP server would answer with.
    mutating func patch(contentType: String, body: String) -> (status: Int, body: String) {
        let request: Node
        do {
            request = try Node(json: body)
        } catch {
            return (400, "\(error)")
        }
        let updated: Node
        switch contentType {
        case "application/json-patch+json":
            let patch: JSONPatch
            do {
                patch = try JSONPatch(request)
            } catch {
                return (400, "\(error)")  // not a patch: a missing member, an unknown op, a malformed pointer
            }
            do {
                updated = try patch.applied(to: document)
            } catch let error where error.isFailedTest {
                return (409, "\(error)")  // a `test` failed: someone changed the document first
            } catch {
                return (422, "\(error)")  // a well-formed patch that does not fit this document
            }
        case "application/merge-patch+json":
            updated = document.applyingMergePatch(request)
        default:
            return (415, "unsupported media type \(contentType)")
        }
        let change = JSONPatch(from: document, to: updated)
        if !change.operations.isEmpty {
            audit.append(change)
        }
        document = updated
        return (200, "\(updated)")
    }
}

extension JSONPatchError {
    /// Whether a `test` operation failed, rather than the patch being wrong for the document.
    var isFailedTest: Bool {
        if case .testFailed = reason { return true }
        return false
    }
}

var store = DocumentStore(
    document: try Node(
        json: """
            {"name": "Rover", "version": 3, "tags": ["good"],
             "owner": {"login": "anviking", "id": 1}, "vet": {"name": "Dr. Doolittle"}}
            """))

@MainActor func request(_ contentType: String, _ body: String) {
    let (status, answer) = store.patch(contentType: contentType, body: body)
    print("PATCH (\(contentType)) -> \(status)")
    print("  \(answer)")
}

print("== A JSON Patch, guarded by a test of the version")
request(
    "application/json-patch+json",
    """
    [{"op": "test", "path": "/version", "value": 3},
     {"op": "replace", "path": "/version", "value": 4},
     {"op": "add", "path": "/tags/-", "value": "loyal"},
     {"op": "move", "from": "/vet", "path": "/owner/vet"}]
    """)

print("\n== The same patch again: the version test fails, and nothing changes")
request(
    "application/json-patch+json",
    """
    [{"op": "test", "path": "/version", "value": 3},
     {"op": "replace", "path": "/version", "value": 4}]
    """)

print("\n== A patch whose third operation cannot apply: all or nothing")
request(
    "application/json-patch+json",
    """
    [{"op": "replace", "path": "/name", "value": "Rex"},
     {"op": "remove", "path": "/tags/0"},
     {"op": "remove", "path": "/tags/01"}]
    """)
print("name is still \(store.document[try JSONPointer("/name")]!)")

print("\n== Malformed requests")
request("application/json-patch+json", #"[{"op": "add", "path": "/a"}]"#)
request("application/json-patch+json", #"[{"op": "copy", "from": "vet", "path": "/b"}]"#)
request("application/json-patch+json", #"[{"op": "add", "path": "/tags/99999999999999999999", "value": 1}]"#)
request("application/json-patch+json", #"[{"op": "add", "path": "/a", "value": 1"#)

print("\n== A merge patch: null removes, objects merge")
request(
    "application/merge-patch+json",
    #"{"owner": {"login": "LoganWright", "vet": null}, "nickname": "R", "version": 5}"#)

print("\n== Reading the result with pointers")
let login: String = try store.document.decode(at: JSONPointer("/owner/login"))
let secondTag: String = try store.document.decode(at: JSONPointer("/tags/1"))
print("owner:", login, "- second tag:", secondTag)
do {
    let _: String = try store.document.decode(at: JSONPointer("/vet/name"))
} catch {
    print(error)
}

print("\n== The audit trail: each change as a JSON Patch, and as a merge patch")
for (number, change) in store.audit.enumerated() {
    print("\(number + 1).", change)
}
let original: Node = ["name": "Rover", "version": 3]
print(Node.mergePatch(from: original, to: ["name": "Rover", "version": 4, "nickname": "R"]))
