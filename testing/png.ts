/** A PNG's width and height, read from its header (IHDR); throws for anything but a PNG. */
export function pngSize(bytes: Uint8Array): [width: number, height: number] {
  const png = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (!png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    throw new Error('not a PNG')
  return [png.readUInt32BE(16), png.readUInt32BE(20)]
}
