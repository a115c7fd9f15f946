/* warptex_write.c -- the one way the `warptex` command writes a file: to a temporary file, then rename
 * SPDX-License-Identifier: MIT
 *
 * A failed write must never look like success and must never cost the user
 * the file that was there (`warptex resample in.png in.png`).  So the bytes go
 * to a new temporary file in the target's directory (same file system, so the
 * rename is atomic); every write(), the fsync() and the close() are checked;
 * only then is the temporary renamed over the target.  Any failure unlinks the
 * temporary and leaves the target as it was.  A file system that runs out of
 * space reports ENOSPC at write(), fsync() or close(), whichever first sees
 * it; a file-size limit reports EFBIG at write() (SIGXFSZ is ignored, see
 * main()).
 *
 * Targets that exist and are not regular files (/dev/full, /dev/stdout, a
 * FIFO, a terminal) cannot be replaced by a rename; they are opened and
 * written in place, with every write and the close checked.  A symbolic link
 * to a regular file is followed: the file it names is replaced and the link
 * stays.  A replaced file keeps its permission bits; a new one gets 0666 less
 * the umask, as open() would give it.
 *
 * The directory is not synced after the rename: a crash just after it can
 * lose the rename (the old file is then still there, whole), never the data
 * of the file that was renamed, which was synced before. */
#define _XOPEN_SOURCE 700 /* POSIX 2008 with XSI: mkstemp, fsync, realpath, fchmod */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "warptex_tool.h"

/* Writes all n bytes; 0, or the errno of the failure. */
static int write_all(int fd, const unsigned char *p, size_t n)
{
    while (n > 0) {
        /* Linux moves at most 0x7ffff000 bytes a call; ask for less. */
        const size_t chunk = n < ((size_t)1 << 30) ? n : ((size_t)1 << 30);
        const ssize_t k = write(fd, p, chunk);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        if (k == 0) /* no progress and no reason: do not spin */
            return EIO;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

static int fail(const char *cmd, const char *path, const char *step, int err)
{
    tool_error(cmd, "cannot write '%s': %s%s%s", path, step, *step ? ": " : "", strerror(err));
    return -1;
}

/* In place, for a target that is not a regular file. */
static int write_in_place(const char *cmd, const char *path, const void *data, size_t n)
{
    const int fd = open(path, O_WRONLY | O_NOCTTY);
    if (fd < 0)
        return fail(cmd, path, "", errno);
    int err = write_all(fd, data, n);
    if (close(fd) != 0 && !err && errno != EINTR)
        err = errno;
    return err ? fail(cmd, path, "", err) : 0;
}

/* The temporary's name: "DIR/.BASE.warptex-XXXXXX" beside `target` (BASE cut
 * to 200 bytes so the name stays within NAME_MAX).  NULL when out of memory. */
static char *temp_name(const char *target)
{
    const char *slash = strrchr(target, '/');
    const size_t dir_len = slash ? (size_t)(slash - target) + 1 : 0;
    const char *base = target + dir_len;
    size_t base_len = strlen(base);
    if (base_len > 200)
        base_len = 200;
    char *t = malloc(dir_len + base_len + sizeof "/..warptex-XXXXXX");
    if (t)
        sprintf(t, "%.*s.%.*s.warptex-XXXXXX", (int)dir_len, target, (int)base_len, base);
    return t;
}

int tool_write_file(const char *cmd, const char *path, const void *data, size_t n)
{
    struct stat st;
    int exists = stat(path, &st) == 0;
    if (!exists && errno != ENOENT)
        return fail(cmd, path, "", errno);
    if (exists && !S_ISREG(st.st_mode))
        return write_in_place(cmd, path, data, n);

    /* Replace what the path names, through any symbolic links. */
    char *target = exists ? realpath(path, NULL) : NULL;
    if (exists && !target)
        return fail(cmd, path, "cannot resolve the path", errno);
    const char *dest = target ? target : path;
    mode_t mode;
    if (exists) {
        mode = st.st_mode & 07777;
    } else {
        const mode_t mask = umask(0); /* read the umask: the command runs one thread here */
        umask(mask);
        mode = 0666 & ~mask;
    }

    char *tmp = temp_name(dest);
    if (!tmp) {
        free(target);
        return fail(cmd, path, "", ENOMEM);
    }
    const char *step = "";
    int err = 0;
    const int fd = mkstemp(tmp);
    if (fd < 0) {
        err = errno;
        step = "cannot create a temporary file beside it";
    } else {
        if ((err = write_all(fd, data, n)) != 0)
            step = "";
        else if (fchmod(fd, mode) != 0)
            err = errno, step = "cannot set the permissions of the temporary file";
        else if (fsync(fd) != 0 && errno != EINVAL) /* EINVAL: a file system without sync */
            err = errno, step = "";
        if (close(fd) != 0 && !err && errno != EINTR)
            err = errno, step = "";
        if (!err && rename(tmp, dest) != 0)
            err = errno, step = "cannot rename the temporary file over it";
        if (err)
            unlink(tmp);
    }
    if (err)
        fail(cmd, path, step, err);
    free(tmp);
    free(target);
    return err ? -1 : 0;
}
