// The libFuzzer entry point. There is no `main.swift`: libFuzzer's own `main` drives this function, which is why
// the target only links with `--sanitize=fuzzer`. Every check lives in FuzzChecks; a broken one stops the
// process, and libFuzzer saves the input as a crash artifact.

import FuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: size > 0 ? data : nil, count: size)
    if let failure = checkInput(input) {
        fatalError("\(failure)")
    }
    return 0
}
