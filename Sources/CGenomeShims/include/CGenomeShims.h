// The few C declarations Genome needs that Swift's C modules leave out: for the stack check, the atomics of its
// few process-wide tables (Synchronization's Atomic needs newer Apple platforms than Genome supports), and the
// state Genome keeps per thread (Swift has no thread-local variables of its own).
//
// `pthread_getattr_np` (glibc, musl) is declared only for _GNU_SOURCE, which Swift's Glibc module does not define,
// so a Swift file cannot call it; and AddressSanitizer's interface exists only in an instrumented build.
#ifndef C_GENOME_SHIMS_H
#define C_GENOME_SHIMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// The lowest address and the size of the calling thread's stack. Returns 0 on success; elsewhere than Linux, or
/// when the bounds cannot be read, returns nonzero and leaves both untouched.
int genome_current_thread_stack(void *_Nullable *_Nonnull lowest, size_t *_Nonnull size);

/// Under AddressSanitizer, the address on the real stack of the frame that `address` (a local variable on ASan's
/// "fake stack") belongs to; null without ASan, or when `address` is not on this thread's fake stack.
void *_Nullable genome_asan_real_frame(void *_Nullable address);

/// How many observers of recoveries there are (collected recovery reports plus registered error loggers): while
/// it is zero, Genome's tolerant decoding records nothing and tracks no paths for them. A plain C integer read with
/// relaxed atomics, inlined into Swift: one load on the paths that check it (see `Recoveries` in Genome).
extern long genome_recovery_observers;

static inline long genome_recovery_observer_count(void) {
    return __atomic_load_n(&genome_recovery_observers, __ATOMIC_RELAXED);
}

static inline void genome_recovery_observers_add(long delta) {
    __atomic_fetch_add(&genome_recovery_observers, delta, __ATOMIC_RELAXED);
}

/// A slot of an insert-only table shared by threads (`TypeKindTable` in Genome): read with acquire ordering, so
/// that whatever was written before the pointer was published is seen; filled once, by whichever thread's
/// compare-and-swap from null wins. Returns whether `value` went in.
static inline void *_Nullable genome_slot_load(void *_Nullable const *_Nonnull slot) {
    return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

static inline bool genome_slot_publish(void *_Nullable *_Nonnull slot, void *_Nonnull value) {
    void *expected = NULL;
    return __atomic_compare_exchange_n(slot, &expected, value, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

/// The calling thread's stack bounds as `StackRoom` in Genome keeps them; `top` is 0 until they are worked out.
struct genome_stack_bounds {
    uintptr_t limit;
    uintptr_t top;
};

/// One thread's hint for member lookups in objects (`LookupHint` in Genome): the address of the entries searched
/// last, and the position after the member found there.
struct genome_lookup_hint {
    uintptr_t storage;
    long next;
};

/// What Genome keeps per thread, zeroed when the thread starts. A C11 thread-local: reaching it is one load off
/// the thread pointer, where `pthread_getspecific` behind a lazily made key cost a `swift_once` and a call each
/// time (on every member lookup, and every model a static `decode` makes).
struct genome_thread_state {
    struct genome_stack_bounds stack;
    struct genome_lookup_hint hint;
    /// Documents the reader has read on this thread; counted in debug builds only (`ReadCounting` in Genome).
    long documents_read;
};

extern _Thread_local struct genome_thread_state genome_thread_state_of_thread;

static inline struct genome_stack_bounds *_Nonnull genome_current_stack_bounds(void) {
    return &genome_thread_state_of_thread.stack;
}

static inline struct genome_lookup_hint *_Nonnull genome_current_lookup_hint(void) {
    return &genome_thread_state_of_thread.hint;
}

static inline void genome_count_document_read(void) {
    genome_thread_state_of_thread.documents_read += 1;
}

static inline long genome_documents_read(void) {
    return genome_thread_state_of_thread.documents_read;
}

#endif
