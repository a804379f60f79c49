/**
 * The allocator settings the server runs with (decisions.md § Operations, bounded memory): glibc
 * gives freed blocks of 128 KiB and more back at once. A whole list is copied as each answer is
 * sent, and glibc kept such blocks in its heap by default (its mmap threshold rises to the largest
 * block freed): 300 distinct whole lists left the server 68 MiB larger for good, with answer
 * caches of 1 and 16 MiB alike. With a fixed threshold they left it 27 MiB larger, and it started
 * 60 MiB smaller, at the same requests per second (autocannon, run alternately). Other C libraries
 * ignore the setting.
 */
export const ALLOCATOR_SETTINGS = { MALLOC_MMAP_THRESHOLD_: '131072' } as const
