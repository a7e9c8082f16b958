#!/usr/bin/env python3
"""Checks a screenshot shows the chart: at least N pixels of each given colour.

png_colors.py SHOT.png RRGGBB:N [RRGGBB:N ...]; exit 1 with the counts when one
falls short. Decodes 8-bit RGB / RGBA PNGs (what Chromium writes) with zlib.
"""
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        sys.exit(f"{path}: only 8-bit RGB / RGBA, not interlaced (depth {depth}, colour type {color})")
    bpp = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    out = []
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 0xFF
            elif f == 2:
                line[i] = (line[i] + b) & 0xFF
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        out.append(bytes(line))
        prev = line
    return out, bpp


def main():
    rows, bpp = pixels(sys.argv[1])
    wanted = {}
    for arg in sys.argv[2:]:
        colour, least = arg.split(":")
        wanted[bytes.fromhex(colour)] = int(least)
    counts = dict.fromkeys(wanted, 0)
    for line in rows:
        for i in range(0, len(line), bpp):
            rgb = line[i:i + 3]
            if rgb in counts:
                counts[rgb] += 1
    short = [c for c in wanted if counts[c] < wanted[c]]
    for c in wanted:
        print(f"#{c.hex()}: {counts[c]} pixels (at least {wanted[c]})")
    sys.exit(1 if short else 0)


main()
