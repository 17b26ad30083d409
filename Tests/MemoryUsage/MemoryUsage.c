#include "CMemoryUsage.h"

#if defined(__linux__)
#include <malloc.h>

size_t rs_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    // Small and large (mmapped) blocks in use.
    return info.uordblks + info.hblkhd;
}

void rs_release_free_heap_memory(void) { malloc_trim(0); }
#else
size_t rs_heap_bytes_in_use(void) { return 0; }

void rs_release_free_heap_memory(void) {}
#endif
