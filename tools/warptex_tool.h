/* warptex_tool.h -- private interfaces between the files of the `warptex` command
 * SPDX-License-Identifier: MIT */
#ifndef WARPTEX_TOOL_H
#define WARPTEX_TOOL_H

#include <stddef.h>
#include <stdint.h>

/* Exit codes: 0 done, 1 a run-time failure (file, library), 2 a usage error. */
enum { TOOL_OK = 0, TOOL_FAIL = 1, TOOL_USAGE = 2 };

/* The image limit (warptex_limits.c): every image the command reads, writes
 * or generates, whatever gave its size (an option, a scale, a file header),
 * passes tool_image_limit() before anything is allocated for it.
 *   - at most TOOL_MAX_PIXELS pixels (2^28, e.g. 16384x16384),
 *   - at most TOOL_MAX_BYTES bytes as 8-bit RGBA (2^30, 1 GiB),
 *   - at most TOOL_MAX_SIDE pixels a side.
 * stb_image_write keeps its byte counts in int; warptex_image.c checks at
 * compile time that an image at the limit stays clear of INT_MAX there. */
#define TOOL_MAX_SIDE 32768
#define TOOL_MAX_PIXELS ((size_t)1 << 28)
#define TOOL_MAX_BYTES ((size_t)1 << 30)

/* Checks a w x h RGBA image against the image limit.  On success returns 0
 * and, when bytes is not NULL, stores w * h * 4 there.  Otherwise prints
 * "warptex CMD: WHAT WxH is N pixels; the limit is ..." (naming the limit that
 * is exceeded) and returns -1.  `what` says where the size came from (an
 * option, a file); sides below 1 are refused too. */
int tool_image_limit(const char *cmd, const char *what, long long w, long long h, size_t *bytes);

/* Subcommands: argv[0] is the subcommand's name; each returns an exit code. */
int tool_info(int argc, char **argv);
int tool_resample(int argc, char **argv);
int tool_demo_image(int argc, char **argv);
int tool_compare(int argc, char **argv);
int tool_run(int argc, char **argv); /* warptex_run.c */

/* Messages: "warptex <cmd>: ..." on stderr; tool_usage_error also points at --help. */
void tool_error(const char *cmd, const char *fmt, ...);
int tool_usage_error(const char *cmd, const char *fmt, ...);

/* Option parsing.  tool_option() matches "--name" (the value is the next
 * argument) or "--name=value"; it returns 1 and sets *value on a match, 0 when
 * argv[*i] is another option, and -1 (after a message) when the value is
 * missing.  *i is advanced past a consumed value. */
int tool_option(const char *cmd, int argc, char **argv, int *i, const char *name, const char **value);
/* Strict integer scanners, no message: the whole string is [-]DIGITS (or, with
 * hex_ok, [-]0xHEXDIGITS); no white space, no '+', no text after, no '-' on
 * an unsigned value.  TOOL_NUM_RANGE: a number, but past 64 bits (or negative,
 * for tool_scan_u64); TOOL_NUM_BAD: not a number.  *out is set only on
 * TOOL_NUM_OK. */
enum { TOOL_NUM_OK = 0, TOOL_NUM_BAD = -1, TOOL_NUM_RANGE = -2 };
int tool_scan_u64(const char *s, int hex_ok, unsigned long long *out);
int tool_scan_i64(const char *s, int hex_ok, long long *out);
/* Strict parsers: the whole string must be a finite number (strtod's forms,
 * nothing before or after) / a decimal integer in lo..hi.  Return 0 on
 * success, else print a usage message naming opt and return -1. */
int tool_parse_double(const char *cmd, const char *opt, const char *s, double *out);
int tool_parse_int(const char *cmd, const char *opt, const char *s, long lo, long hi, int *out);
/* "WxH" (two decimal numbers, nothing else) with both sides at least 1 and the
 * image within the image limit.
 * Returns TOOL_OK; TOOL_USAGE after a usage message (not WxH, a side below 1);
 * TOOL_FAIL after tool_image_limit's message (too large). */
int tool_parse_size(const char *cmd, const char *opt, const char *s, int *w, int *h);

/* Images are RGBA, 8 bits per channel, rows packed (pitch = 4 * w). */
typedef struct tool_image {
    int w, h;
    uint8_t *px;
} tool_image;

/* Loads any image stb_image reads, forced to 4 channels.  The size in the
 * file's header passes tool_image_limit() before the pixels are decoded.  0 on
 * success, else a message on stderr and -1. */
int tool_image_load(const char *cmd, const char *path, tool_image *img);
void tool_image_free(tool_image *img);
/* 1 when the path ends in an extension tool_image_save can write
 * (.png, .bmp, .tga, .jpg, .jpeg; any letter case). */
int tool_image_ext_ok(const char *path);
/* Encodes by extension into memory, then writes the file with
 * tool_write_file(); 0 on success, else a message and -1 (and an existing
 * file at path is left as it was). */
int tool_image_save(const char *cmd, const char *path, const tool_image *img);

/* Writes n bytes to path, safely (warptex_write.c).  A regular file (or a new
 * one) is written to a temporary file in the same directory, which is synced,
 * closed and then renamed over the target; a failure at any step removes the
 * temporary file and leaves the target as it was.  A target that exists and
 * is not a regular file (a device such as /dev/full, a FIFO) is written in
 * place.  Every write, sync and close is checked; on failure prints
 * "warptex CMD: cannot write 'PATH': REASON" and returns -1, else 0.  main()
 * ignores SIGXFSZ, so a write past `ulimit -f` fails with EFBIG here instead
 * of killing the process. */
int tool_write_file(const char *cmd, const char *path, const void *data, size_t n);

/* Monotonic clock in milliseconds. */
double tool_now_ms(void);

#endif
