/**
 * The fires a file names, (agency code, fire id) each with a number (the row it was first accepted
 * on), held in typed arrays outside the JavaScript heap (docs/fires-import.md, "The answer"): a
 * large file's duplicate check and the fires a snapshot lists take about 40 bytes a fire, where a
 * Map of key strings took 110 on the heap (150 MB for the 1.37 million rows of the largest file),
 * and they cross to another thread without a copy (`handOver`, `transferables`).
 */

const encoder = new TextEncoder();

/** A FireKeys as plain typed arrays, for another thread. */
export interface HandedFireKeys {
  size: number;
  used: number;
  arena: Uint8Array<ArrayBuffer>;
  starts: Int32Array<ArrayBuffer>;
  hashes: Int32Array<ArrayBuffer>;
  values: Int32Array<ArrayBuffer>;
  slots: Int32Array<ArrayBuffer>;
}

/** FNV-1a over the bytes. */
function hashOf(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h | 0;
}

function grown<T extends Uint8Array<ArrayBuffer> | Int32Array<ArrayBuffer>>(array: T, length: number): T {
  const next = new (array.constructor as new (n: number) => T)(length);
  next.set(array);
  return next;
}

export class FireKeys {
  size = 0;
  /** Every key's bytes, `agency \0 id` in UTF-8, one after the other; a look-up's key is written after them. */
  #arena = new Uint8Array(1 << 12);
  #used = 0;
  /** Of each entry: where its key starts (it ends where the next starts), its hash, its value. */
  #starts = new Int32Array(1 << 8);
  #hashes = new Int32Array(1 << 8);
  #values = new Int32Array(1 << 8);
  /** Open addressing: an entry's index + 1, 0 for none; at most half full. */
  #slots = new Int32Array(1 << 9);

  /** The value of the fire, undefined when the file did not name it. */
  get(agency: string, id: string): number | undefined {
    const slot = this.#find(this.#encode(agency, id));
    const entry = (this.#slots[slot] as number) - 1;
    return entry < 0 ? undefined : this.#values[entry];
  }

  has(agency: string, id: string): boolean {
    return this.get(agency, id) !== undefined;
  }

  /** Sets the fire's value, adding the fire when new. */
  set(agency: string, id: string, value: number): void {
    this.#put(agency, id, value, true);
  }

  /** Adds the fire with `value` unless it is there already (its value is then kept). */
  add(agency: string, id: string, value: number): void {
    this.#put(agency, id, value, false);
  }

  #put(agency: string, id: string, value: number, overwrite: boolean): void {
    const length = this.#encode(agency, id);
    const slot = this.#find(length);
    const entry = (this.#slots[slot] as number) - 1;
    if (entry >= 0) {
      if (overwrite) this.#values[entry] = value;
      return;
    }
    if (this.size === this.#starts.length) {
      const n = this.size * 2;
      this.#starts = grown(this.#starts, n);
      this.#hashes = grown(this.#hashes, n);
      this.#values = grown(this.#values, n);
    }
    const index = this.size++;
    this.#starts[index] = this.#used;
    this.#hashes[index] = hashOf(this.#arena, this.#used, this.#used + length);
    this.#values[index] = value;
    this.#used += length;
    // Growing places every entry again, this one included.
    if (this.size * 2 > this.#slots.length) this.#rehash(this.#slots.length * 2);
    else this.#slots[slot] = index + 1;
  }

  /** Writes the key after the stored ones (not stored yet) and answers its length in bytes. */
  #encode(agency: string, id: string): number {
    const most = (agency.length + id.length) * 3 + 1;
    if (this.#used + most > this.#arena.length)
      this.#arena = grown(this.#arena, Math.max(this.#arena.length * 2, this.#used + most));
    const at = this.#used;
    let length = encoder.encodeInto(agency, this.#arena.subarray(at)).written;
    this.#arena[at + length++] = 0;
    length += encoder.encodeInto(id, this.#arena.subarray(at + length)).written;
    return length;
  }

  #end(entry: number): number {
    return entry + 1 < this.size ? (this.#starts[entry + 1] as number) : this.#used;
  }

  /**
   * The slot of the key written after the stored ones (`length` bytes), or of the free slot where it
   * goes; `placing` (rehashing, every key different): the first free slot for the hash.
   */
  #find(
    length: number,
    hash = hashOf(this.#arena, this.#used, this.#used + length),
    placing = false,
  ): number {
    const mask = this.#slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = (this.#slots[slot] as number) - 1;
      if (entry < 0) return slot;
      if (placing || this.#hashes[entry] !== hash) continue;
      const start = this.#starts[entry] as number;
      if (this.#end(entry) - start !== length) continue;
      let same = true;
      for (let i = 0; i < length && same; i++) same = this.#arena[start + i] === this.#arena[this.#used + i];
      if (same) return slot;
    }
  }

  #rehash(slots: number): void {
    this.#slots = new Int32Array(slots);
    for (let entry = 0; entry < this.size; entry++) {
      const slot = this.#find(0, this.#hashes[entry] as number, true);
      this.#slots[slot] = entry + 1;
    }
  }

  /** The fires as typed arrays for another thread (`FireKeys.handedOver` there). */
  handOver(): HandedFireKeys {
    return {
      size: this.size,
      used: this.#used,
      arena: this.#arena,
      starts: this.#starts,
      hashes: this.#hashes,
      values: this.#values,
      slots: this.#slots,
    };
  }

  static handedOver(handed: HandedFireKeys): FireKeys {
    const keys = new FireKeys();
    keys.size = handed.size;
    keys.#used = handed.used;
    keys.#arena = handed.arena;
    keys.#starts = handed.starts;
    keys.#hashes = handed.hashes;
    keys.#values = handed.values;
    keys.#slots = handed.slots;
    return keys;
  }
}

/** The buffers of handed keys, to move to the other thread rather than copy (unusable here after). */
export const transferables = (handed: HandedFireKeys): ArrayBuffer[] =>
  [handed.arena, handed.starts, handed.hashes, handed.values, handed.slots].map((a) => a.buffer);

/**
 * Notes the fires of checked rows: each valid row's fire with its row, and the fire of each
 * rejected row that names one with -1 unless a valid row had it (a snapshot ends neither).
 */
export function nameFires(
  named: FireKeys,
  valid: readonly { record: { row: number }; fire: { agency_code: string; agency_fire_id: string } }[],
  rejected: readonly { agency_code?: string | undefined; agency_fire_id?: string | undefined }[],
): void {
  for (const { record, fire } of valid) named.set(fire.agency_code, fire.agency_fire_id, record.row);
  for (const r of rejected)
    if (r.agency_code && r.agency_fire_id) named.add(r.agency_code, r.agency_fire_id, -1);
}
