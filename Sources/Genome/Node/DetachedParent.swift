// How the walks that change a node along a path (the path setters, and JSON Pointer's) avoid both recursion and
// copies: each container on the way is moved out of its parent, so that its storage is not shared while the path
// below it changes, and waits on a heap stack to go back, innermost first.

/// A container moved out of its parent during a walk, with the position its child came from (an index, or the
/// position of a member).
internal struct DetachedParent {
    var container: Node
    var position: Int
}

extension [DetachedParent] {
    /// Puts every detached parent back, innermost first: `child` goes to the innermost one's position, and ends as
    /// the outermost container, whole again.
    mutating func reattach(around child: inout Node) {
        while var frame = popLast() {
            if var array = frame.container.takeArray() {
                swap(&array[frame.position], &child)
                child = .array(array)
            } else if var object = frame.container.takeObject() {
                object.swapValue(at: frame.position, with: &child)
                child = .object(object)
            }
        }
    }
}
