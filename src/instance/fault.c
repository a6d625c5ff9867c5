/* The fault handler: says what faulted, then lets the fault take its
 * course. A library call cannot check that a local buffer is mapped
 * without a system call, so a bad one faults inside the call; so does a
 * program that reads its heap after the instance was finalized. The
 * handler writes one line with write(2) (no stdio, no malloc), naming
 * the call (the outermost named libmishmem frame on the stack) and the
 * address, puts back the handler it replaced and returns: the faulting
 * instruction runs again and the fault reaches that handler (or the
 * default action: the process dies by the signal). Faults that have
 * nothing to do with mishmem pass through without a word. */
#include "instance/fault.h"

#include <dlfcn.h>
#include <execinfo.h>
#include <link.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>
#include <unwind.h>

#include "instance/registry.h"

#define RELEASED_KEPT 64
#define MAX_FRAMES 48

struct released_heap {
    _Atomic uintptr_t base; /* 0: empty */
    _Atomic uintptr_t end;
    _Atomic uint64_t id;
};

static struct released_heap released[RELEASED_KEPT];
static _Atomic unsigned released_next;
static atomic_flag installed = ATOMIC_FLAG_INIT;
static struct sigaction previous_segv, previous_bus;
static uintptr_t text_start, text_end; /* libmishmem's code */

void mishmem_fault_note_released(uint64_t id, const void *base, uint64_t size)
{
    struct released_heap *slot = &released[atomic_fetch_add(&released_next, 1) % RELEASED_KEPT];
    atomic_store(&slot->base, 0); /* the handler never sees a half-written range */
    atomic_store(&slot->id, id);
    atomic_store(&slot->end, (uintptr_t)base + size);
    atomic_store(&slot->base, (uintptr_t)base);
}

/* Message building without stdio. */
struct line {
    char text[512];
    size_t len;
};

static void put_str(struct line *l, const char *s)
{
    while (*s && l->len < sizeof l->text - 1)
        l->text[l->len++] = *s++;
}

static void put_uint(struct line *l, uint64_t v, unsigned base)
{
    char digits[24];
    int n = 0;
    do {
        digits[n++] = "0123456789abcdef"[v % base];
        v /= base;
    } while (v);
    if (base == 16)
        put_str(l, "0x");
    while (n > 0 && l->len < sizeof l->text - 1)
        l->text[l->len++] = digits[--n];
}

static int in_library(const void *pc)
{
    return (uintptr_t)pc >= text_start && (uintptr_t)pc < text_end;
}

/* The call the program made: the outermost named libmishmem frame of the
 * run of library frames the fault happened in (the frames of the handler
 * itself come first and are skipped; inner frames are the library's own
 * functions, mishmem_shm_get ...), without the profiling prefix:
 * "shmem_getmem" for pshmem_getmem. NULL when the fault is outside the
 * library. The unwinder and dladdr are not async-signal-safe in theory
 * (both may take the loader's lock): see the alarm in handler. */
struct walk {
    void *frames[MAX_FRAMES];
    int n;
};

/* libgcc's unwinder, found at install time (glibc's backtrace does the
 * same; no link dependency on libgcc_s). */
static _Unwind_Reason_Code (*unwind_backtrace)(_Unwind_Trace_Fn, void *);
static _Unwind_Ptr (*unwind_get_ip)(struct _Unwind_Context *);

static _Unwind_Reason_Code walk_step(struct _Unwind_Context *context, void *data)
{
    struct walk *w = data;
    if (w->n == MAX_FRAMES)
        return _URC_END_OF_STACK;
    w->frames[w->n++] = (void *)unwind_get_ip(context);
    return _URC_NO_REASON;
}

/* The unwinder itself rather than backtrace(), when there is one:
 * sanitizers replace backtrace with a frame-pointer walk that loses the
 * frames of the faulting call. */
static int stack_frames(struct walk *w)
{
    w->n = 0;
    if (unwind_backtrace && unwind_get_ip)
        unwind_backtrace(walk_step, w);
    else
        w->n = backtrace(w->frames, MAX_FRAMES);
    return w->n;
}

static void find_unwinder(void)
{
    void *libgcc = dlopen("libgcc_s.so.1", RTLD_NOW | RTLD_NOLOAD);
    if (!libgcc)
        libgcc = dlopen("libgcc_s.so.1", RTLD_NOW);
    if (!libgcc)
        return;
    *(void **)&unwind_backtrace = dlsym(libgcc, "_Unwind_Backtrace");
    *(void **)&unwind_get_ip = dlsym(libgcc, "_Unwind_GetIP");
}

static const char *faulting_call(int *inside)
{
    struct walk w;
    void **frames = w.frames;
    int n = stack_frames(&w), i = 0;
    const char *call = NULL;
    *inside = 0;
    while (i < n && in_library(frames[i]))
        i++; /* the handler's own frames */
    for (; i < n; i++) {
        if (!in_library(frames[i])) {
            if (*inside)
                break; /* back in the program: the entry point was the last one */
            continue;
        }
        *inside = 1;
        Dl_info info;
        if (dladdr(frames[i], &info) && info.dli_sname)
            call = info.dli_sname;
    }
    if (call && call[0] == 'p' && (!strncmp(call + 1, "shmem", 5) || !strncmp(call + 1, "start_pes", 9)))
        call++;
    return call;
}

static void handler(int sig, siginfo_t *info, void *context)
{
    (void)context;
    /* The stack walk and dladdr may take the loader's lock: should the
     * fault have come with it held, the alarm ends the process instead
     * of a hang. The program's own alarm is put back afterwards. */
    unsigned program_alarm = alarm(5);
    uintptr_t addr = (uintptr_t)info->si_addr;
    int inside;
    const char *call = faulting_call(&inside);
    struct released_heap *gone = NULL;
    for (int i = 0; i < RELEASED_KEPT && !gone; i++) {
        uintptr_t base = atomic_load(&released[i].base);
        if (base && addr >= base && addr < atomic_load(&released[i].end))
            gone = &released[i];
    }
    if (inside || gone) {
        struct line l = {.len = 0};
        put_str(&l, "mishmem [FATAL] ");
        struct mishmem_instance *inst = mishmem_current();
        if (inst) {
            put_str(&l, "instance ");
            put_uint(&l, inst->id, 10);
            put_str(&l, " PE ");
            put_uint(&l, (uint64_t)inst->my_pe, 10);
            put_str(&l, "/");
            put_uint(&l, (uint64_t)inst->n_pes, 10);
            put_str(&l, " ");
        }
        put_str(&l, "(pid ");
        put_uint(&l, (uint64_t)getpid(), 10);
        put_str(&l, sig == SIGBUS ? "): SIGBUS at address " : "): SIGSEGV at address ");
        put_uint(&l, addr, 16);
        if (inside) {
            put_str(&l, " in ");
            put_str(&l, call ? call : "a mishmem call");
        }
        if (gone) {
            put_str(&l, ", in the symmetric heap of instance ");
            put_uint(&l, atomic_load(&gone->id), 10);
            put_str(&l, " [");
            put_uint(&l, atomic_load(&gone->base), 16);
            put_str(&l, ", ");
            put_uint(&l, atomic_load(&gone->end), 16);
            put_str(&l, "), which has been finalized: its memory is gone");
        } else {
            put_str(&l, ": an address the call was given (a local buffer, or a pointer it writes "
                        "to) is not mapped in this process");
        }
        put_str(&l, "\n");
        ssize_t written = write(STDERR_FILENO, l.text, l.len);
        (void)written;
    }
    /* Back to the handler we replaced; a fault the kernel raised happens
     * again when we return, one sent by kill() is sent again. */
    sigaction(sig, sig == SIGBUS ? &previous_bus : &previous_segv, NULL);
    alarm(program_alarm);
    if (info->si_code <= 0)
        raise(sig);
}

static int find_text(struct dl_phdr_info *object, size_t size, void *data)
{
    (void)size;
    uintptr_t self = (uintptr_t)data;
    for (int i = 0; i < object->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &object->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
            continue;
        uintptr_t start = object->dlpi_addr + ph->p_vaddr, end = start + ph->p_memsz;
        if (self >= start && self < end) {
            text_start = start;
            text_end = end;
            return 1;
        }
    }
    return 0;
}

void mishmem_fault_handler_install(void)
{
    if (atomic_flag_test_and_set(&installed))
        return;
    dl_iterate_phdr(find_text, (void *)(uintptr_t)&mishmem_fault_handler_install);
    find_unwinder();
    /* A first walk outside any handler (the unwinder sets itself up). */
    struct walk warm;
    stack_frames(&warm);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = handler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK; /* a fault in the handler kills at once */
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, &previous_segv);
    sigaction(SIGBUS, &action, &previous_bus);
}
