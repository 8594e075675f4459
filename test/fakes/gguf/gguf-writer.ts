// A dependency-free GGUF v3 writer: typed metadata and F32 tensors in, the file's bytes out.

/** One typed metadata value; llama.cpp checks value types strictly, so the type is explicit. */
export type GgufValue =
  | { type: 'u32'; value: number }
  | { type: 'i32'; value: number }
  | { type: 'f32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'strings'; value: readonly string[] }
  | { type: 'f32s'; value: readonly number[] }
  | { type: 'i32s'; value: readonly number[] };

/** One F32 tensor; `dims` are in ggml order (`dims[0]` is the contiguous one). */
export interface GgufTensor {
  name: string;
  dims: readonly number[];
  data: Float32Array;
}

/** What goes into a file: metadata in the order given, then the tensors. */
export interface GgufContent {
  metadata: ReadonlyArray<readonly [string, GgufValue]>;
  tensors: readonly GgufTensor[];
}

/** GGUF's value type ids (gguf.h `gguf_type`). */
const TYPE_ID = { u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9 } as const;
const GGML_TYPE_F32 = 0;
const ALIGNMENT = 32;

/** The bytes of a GGUF version 3 file, little-endian, all tensors F32 and 32-byte aligned. */
export function writeGguf(content: GgufContent): Buffer {
  const out = new ByteSink();
  out.raw(Buffer.from('GGUF', 'latin1'));
  out.u32(3);
  out.u64(content.tensors.length);
  out.u64(content.metadata.length);
  for (const [key, value] of content.metadata) {
    out.string(key);
    writeValue(out, value);
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const tensor of content.tensors) {
    const elements = tensor.dims.reduce((product, dim) => product * dim, 1);
    if (elements !== tensor.data.length)
      throw new Error(`tensor ${tensor.name}: ${tensor.data.length} values for dims ${tensor.dims.join('×')}`);
    out.string(tensor.name);
    out.u32(tensor.dims.length);
    for (const dim of tensor.dims) out.u64(dim);
    out.u32(GGML_TYPE_F32);
    out.u64(offset);
    offsets.push(offset);
    offset = align(offset + tensor.data.byteLength);
  }
  out.pad();
  content.tensors.forEach((tensor, index) => {
    out.pad();
    if (out.length - out.dataStart() !== offsets[index]) throw new Error(`tensor ${tensor.name} is misaligned`);
    out.raw(Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
  });
  return out.toBuffer();
}

function writeValue(out: ByteSink, value: GgufValue): void {
  switch (value.type) {
    case 'u32':
      out.u32(TYPE_ID.u32);
      out.u32(value.value);
      return;
    case 'i32':
      out.u32(TYPE_ID.i32);
      out.i32(value.value);
      return;
    case 'f32':
      out.u32(TYPE_ID.f32);
      out.f32(value.value);
      return;
    case 'bool':
      out.u32(TYPE_ID.bool);
      out.u8(value.value ? 1 : 0);
      return;
    case 'string':
      out.u32(TYPE_ID.string);
      out.string(value.value);
      return;
    case 'strings':
      out.array(TYPE_ID.string, value.value, (item) => out.string(item));
      return;
    case 'f32s':
      out.array(TYPE_ID.f32, value.value, (item) => out.f32(item));
      return;
    case 'i32s':
      out.array(TYPE_ID.i32, value.value, (item) => out.i32(item));
      return;
  }
}

function align(offset: number): number {
  return Math.ceil(offset / ALIGNMENT) * ALIGNMENT;
}

/** A growable little-endian byte buffer that remembers where the tensor data starts. */
class ByteSink {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private dataOffset: number | undefined;

  get length(): number {
    return this.size;
  }

  /** The offset of the tensor data: fixed by the first padding after the tensor infos. */
  dataStart(): number {
    if (this.dataOffset === undefined) throw new Error('no tensor data yet');
    return this.dataOffset;
  }

  raw(bytes: Buffer): void {
    this.chunks.push(bytes);
    this.size += bytes.length;
  }

  u8(value: number): void {
    this.raw(Buffer.from([value]));
  }

  u32(value: number): void {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32LE(value);
    this.raw(bytes);
  }

  i32(value: number): void {
    const bytes = Buffer.alloc(4);
    bytes.writeInt32LE(value);
    this.raw(bytes);
  }

  f32(value: number): void {
    const bytes = Buffer.alloc(4);
    bytes.writeFloatLE(value);
    this.raw(bytes);
  }

  u64(value: number): void {
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64LE(BigInt(value));
    this.raw(bytes);
  }

  string(value: string): void {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.raw(bytes);
  }

  array<T>(typeId: number, items: readonly T[], write: (item: T) => void): void {
    this.u32(TYPE_ID.array);
    this.u32(typeId);
    this.u64(items.length);
    for (const item of items) write(item);
  }

  pad(): void {
    const padding = align(this.size) - this.size;
    if (padding > 0) this.raw(Buffer.alloc(padding));
    this.dataOffset ??= this.size;
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks, this.size);
  }
}
