/* warptex/status.h -- status codes, one X-macro list for the enum and the strings */
#ifndef WARPTEX_STATUS_H
#define WARPTEX_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

/* X(NAME, value, "default message").  WT_SUCCESS is 0, as cudaSuccess. */
#define WT_STATUS_LIST(X)                                                         \
    X(SUCCESS, 0, "no error")                                                     \
    X(ERROR_INVALID_VALUE, 1, "an argument is out of range or malformed")        \
    X(ERROR_OUT_OF_MEMORY, 2, "allocation failed")                                \
    X(ERROR_INVALID_HANDLE, 3, "invalid, destroyed or wrong-kind handle")         \
    X(ERROR_INVALID_CHANNEL_DESCRIPTOR, 4, "unsupported channel format")          \
    X(ERROR_INVALID_FILTER_SETTING, 5, "filter mode not allowed for this format") \
    X(ERROR_INVALID_NORMALIZED_SETTING, 6, "normalized coordinates required")     \
    X(ERROR_INVALID_RESOURCE_TYPE, 7, "resource type not allowed here")           \
    X(ERROR_INVALID_TEXTURE, 8, "the texture cannot be used this way")            \
    X(ERROR_INVALID_SURFACE, 9, "the surface cannot be used this way")            \
    X(ERROR_UNSUPPORTED, 10, "operation not supported by this object")           \
    X(ERROR_TRAP, 11, "a .trap instruction faulted")                              \
    X(ERROR_BACKEND_UNAVAILABLE, 12, "backend not compiled in or CPU lacks it")   \
    X(ERROR_INVALID_PTX, 13, "malformed PTX")                                     \
    X(ERROR_INTERNAL, 14, "internal invariant broken")                            \
    X(ERROR_PTX_PARSE, 15, "PTX text that does not parse")                        \
    X(ERROR_PTX_UNSUPPORTED, 16, "a PTX form warptex does not run")               \
    X(ERROR_LAUNCH_FAILED, 17, "a kernel faulted: memory access outside the registered ranges, misaligned, or a resource limit")

typedef enum wt_status {
#define WT__STATUS_ENUM(name, value, msg) WT_##name = value,
    WT_STATUS_LIST(WT__STATUS_ENUM)
#undef WT__STATUS_ENUM
    WT_STATUS_COUNT
} wt_status;

/* wt_status_string: the name of a status ("WT_ERROR_INVALID_HANDLE"), or
 * "WT_UNKNOWN_STATUS" for a value not in WT_STATUS_LIST.
 * Errors: none (never fails).  Thread-safety: any thread; returns a static
 * string. */
const char *wt_status_string(wt_status s);

/* wt_status_description: a one-line description of a status (the message
 * column of WT_STATUS_LIST), or "unknown status".
 * Errors: none.  Thread-safety: any thread; returns a static string. */
const char *wt_status_description(wt_status s);

/* wt_last_error_message: the detail message of the last failure on this
 * thread (empty when none yet), naming the function, the field and the value,
 * e.g. "wt_create_texture_object(): address_mode[1] = 7 is not a
 * wt_address_mode".  A successful call does not clear it.
 * Errors: none.  Thread-safety: per thread (thread-local storage); the
 * pointer stays valid until the next failing warptex call on this thread. */
const char *wt_last_error_message(void);

/* wt_get_last_error / wt_peek_last_error: the status of the last failure on
 * this thread.  Per-lane calls (NVVM names) cannot return a status, so they
 * record failures (trap, bad handle, an object that cannot serve the form)
 * here; functions returning wt_status record theirs too.  wt_get_last_error()
 * returns it and resets it to WT_SUCCESS; wt_peek_last_error() only returns
 * it.  A successful call leaves it unchanged.
 * Errors: none.  Thread-safety: per thread (thread-local storage). */
wt_status wt_get_last_error(void);
wt_status wt_peek_last_error(void);

#ifdef __cplusplus
}
#endif
#endif
