// See include/CGenomeShims.h.
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "CGenomeShims.h"

#include <pthread.h>

long genome_recovery_observers = 0;

_Thread_local struct genome_thread_state genome_thread_state_of_thread;

int genome_current_thread_stack(void **lowest, size_t *size) {
#if defined(__linux__)
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) {
        return -1;
    }
    void *address = NULL;
    size_t length = 0;
    int result = pthread_attr_getstack(&attributes, &address, &length);
    pthread_attr_destroy(&attributes);
    if (result != 0 || address == NULL) {
        return -1;
    }
    *lowest = address;
    *size = length;
    return 0;
#else
    (void)lowest;
    (void)size;
    return -1;
#endif
}

// Built with AddressSanitizer exactly when the Swift code that asks is (SwiftPM passes the sanitizer to every
// target of a build), so asking the compiler is enough: no lookup by name, and no undefined symbols otherwise.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GENOME_HAS_ASAN 1
#endif
#endif

#if GENOME_HAS_ASAN
#include <sanitizer/asan_interface.h>

void *genome_asan_real_frame(void *address) {
    void *fake_stack = __asan_get_current_fake_stack();
    if (fake_stack == NULL) {
        return NULL;
    }
    return __asan_addr_is_in_fake_stack(fake_stack, address, NULL, NULL);
}
#else
void *genome_asan_real_frame(void *address) {
    (void)address;
    return NULL;
}
#endif
