/* warptex_tool.h -- private interfaces between the files of the `warptex` command
 * SPDX-License-Identifier: MIT */
#ifndef WARPTEX_TOOL_H
#define WARPTEX_TOOL_H

#include <stdint.h>

/* Exit codes: 0 done, 1 a run-time failure (file, library), 2 a usage error. */
enum { TOOL_OK = 0, TOOL_FAIL = 1, TOOL_USAGE = 2 };

/* Largest image side the command reads, writes or generates. */
#define TOOL_MAX_SIDE 32768

/* Subcommands: argv[0] is the subcommand's name; each returns an exit code. */
int tool_info(int argc, char **argv);
int tool_resample(int argc, char **argv);
int tool_demo_image(int argc, char **argv);
int tool_compare(int argc, char **argv);

/* Messages: "warptex <cmd>: ..." on stderr; tool_usage_error also points at --help. */
void tool_error(const char *cmd, const char *fmt, ...);
int tool_usage_error(const char *cmd, const char *fmt, ...);

/* Option parsing.  tool_option() matches "--name" (the value is the next
 * argument) or "--name=value"; it returns 1 and sets *value on a match, 0 when
 * argv[*i] is another option, and -1 (after a message) when the value is
 * missing.  *i is advanced past a consumed value. */
int tool_option(const char *cmd, int argc, char **argv, int *i, const char *name, const char **value);
/* Strict parsers: the whole string must be a finite number / "WxH" with sides
 * in 1..TOOL_MAX_SIDE.  Return 0 on success, else print a usage message and
 * return -1. */
int tool_parse_double(const char *cmd, const char *opt, const char *s, double *out);
int tool_parse_int(const char *cmd, const char *opt, const char *s, long lo, long hi, int *out);
int tool_parse_size(const char *cmd, const char *opt, const char *s, int *w, int *h);

/* Images are RGBA, 8 bits per channel, rows packed (pitch = 4 * w). */
typedef struct tool_image {
    int w, h;
    uint8_t *px;
} tool_image;

/* Loads any image stb_image reads, forced to 4 channels.  0 on success, else
 * a message on stderr and -1. */
int tool_image_load(const char *cmd, const char *path, tool_image *img);
void tool_image_free(tool_image *img);
/* 1 when the path ends in an extension tool_image_save can write
 * (.png, .bmp, .tga, .jpg, .jpeg; any letter case). */
int tool_image_ext_ok(const char *path);
/* Writes by extension; 0 on success, else a message and -1. */
int tool_image_save(const char *cmd, const char *path, const tool_image *img);

/* Monotonic clock in milliseconds. */
double tool_now_ms(void);

#endif
