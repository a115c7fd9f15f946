#!/usr/bin/env python3
# seeds_api.py -- writes tests/fuzz/corpus/api: fuzz_api inputs that reach issue 9's defects 1, 5 and 6
# SPDX-License-Identifier: MIT
#
# The byte layout is fuzz_api.c's: one opcode byte (mod 10), then that
# operation's arguments, little-endian.  Run from the repository root.
import os

EDGES = [0, 1, 2, 3, 4, 7, 8, 12, 16, 17, 31, 32, 64, 100, 255, 256, 4096, 65000, 65001, 131072, 131073,
         1 << 28, (1 << 28) + 1, 2**32 - 1, 2**32, 1 << 62, (1 << 62) + 8, 1 << 63, (1 << 63) + 16,
         2**63 - 1, (2**64 - 1) // 3 + 1, (2**64 - 1) // 65000 + 4, (2**64 - 1) // 131072 + 16,
         2**64 - 16, 2**64 - 2, 2**64 - 1]


def edge(v):
    """edge_size() bytes giving v: small values directly, else k >= 128 naming EDGES[k % 36] and a nudge of 0."""
    if v < 64:
        return bytes([v])
    i = EDGES.index(v)
    k = next(k for k in range(128, 256) if k % len(EDGES) == i)
    return bytes([k, 0])


def buffer(b, n, fill=0):
    return bytes([0, b]) + n.to_bytes(2, "little") + bytes([fill])


def pitch2d(op, b, slot, fmt, w, h, pitch, tex_desc=True):
    out = bytes([op, b, slot, 2, fmt]) + (0).to_bytes(2, "little") + edge(w) + edge(h) + edge(pitch)
    return out + (bytes([0, 0, 0, 0]) if op == 1 else b"")


def sample(slot):
    return bytes([5, slot]) + (0x3f000000).to_bytes(4, "little") * 2 + bytes([3])


seeds = {
    # defect 5: pitch 2^63 x height 2 wraps to 0; a texture (and a surface) must refuse it
    "defect5_pitch2d_texture_wrap": buffer(0, 256) + pitch2d(1, 0, 0, 4, 4, 2, 1 << 63) + sample(0),
    "defect5_pitch2d_surface_wrap": buffer(0, 256) + pitch2d(2, 0, 0, 4, 4, 2, 1 << 63),
    "defect5_pitch2d_span_wraps": buffer(0, 256) + pitch2d(1, 0, 1, 0, 4, 3, (1 << 63) + 16) + sample(1),
    # defect 6: a copy box of pitch 2^63 x 2 rows; must be refused, nothing copied
    "defect6_copy_to_array": buffer(0, 512) + bytes([3, 0, 1, 0, 7, 5]) + bytes([4, 0, 0, 2, 7]) + edge(1 << 63)
    + bytes([1, 0]),
    "defect6_copy_from_array": buffer(0, 512) + bytes([3, 0, 1, 0, 7, 5]) + bytes([4, 0, 0, 3, 7]) + edge(1 << 63)
    + bytes([1, 0]),
    # defect 1: ten races of ~19000 adds a thread through an R32UI and an RG32UI surface over one element
    "defect1_alias_race": buffer(0, 256) + b"".join(
        bytes([8, 0]) + (18800 + i).to_bytes(2, "little") + bytes([i % 4]) + (0x01000193 * (i + 1)).to_bytes(4, "little")
        + (0x5bd1e995 + i).to_bytes(4, "little") for i in range(10)),
}

d = "tests/fuzz/corpus/api"
os.makedirs(d, exist_ok=True)
for name, data in seeds.items():
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)
print(f"wrote {len(seeds)} seeds to {d}")
