// What the reliability suite reads of the process's memory, from glibc's allocator.
#ifndef CMEMORYUSAGE_H
#define CMEMORYUSAGE_H

#include <stddef.h>

/// The bytes that the program holds in the heap: allocated and not freed (glibc's mallinfo2, over
/// every arena), or 0 where the allocator does not tell.
size_t rs_heap_bytes_in_use(void);

/// Gives the free memory of the heap back to the system (glibc's malloc_trim), so that the resident
/// memory counts what the program holds, not what the allocator keeps for later.
void rs_release_free_heap_memory(void);

#endif
