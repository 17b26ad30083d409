// glibc's malloc statistics and trimming (mallinfo2, malloc_trim), which the Glibc module omits.
#include <malloc.h>
