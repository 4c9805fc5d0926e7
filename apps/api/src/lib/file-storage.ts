import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { detectKwitansiType, KWITANSI_MAX_BYTES, messages } from '@mizan/core';
import { tooLarge, unsupportedType, validationFailed } from './errors';

/** Stored receipt types, detected from the file's first bytes (never from its name). */
export type StoredFileType = 'jpg' | 'png' | 'pdf';

/** A stored receipt name: 32 random hex characters and the detected extension. Nothing else is ever served. */
export const STORED_FILE_NAME = /^[a-f0-9]{32}\.(jpg|png|pdf)$/;

export const contentTypes: Record<StoredFileType, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

/** An upload written to a temporary file; it becomes `name` only when committed. */
export interface StagedFile {
  name: string;
  type: StoredFileType;
  size: number;
  /** Renames the temporary file to its final name (call after the database commit). */
  commit(): Promise<void>;
  /** Removes the temporary file (call when anything failed). */
  discard(): Promise<void>;
}

/** An upload stream as @fastify/multipart hands it over (`truncated` once the size limit was hit). */
export type UploadStream = Readable & { truncated?: boolean };

/**
 * Where receipt files live. This one keeps them in a local folder (DATA_DIR/uploads/kwitansi);
 * an S3-compatible store can implement the same interface (decisions §1).
 */
export interface FileStorage {
  /**
   * Streams an upload to a temporary file while checking its magic bytes (JPEG, PNG or PDF, else
   * 415) and its size (at most 5 MB, else 413; empty, 400). The rest of a refused stream is drained
   * so the client still receives the answer. Nothing is left behind when it throws.
   */
  stage(source: UploadStream, field?: string): Promise<StagedFile>;
  /** Deletes a stored file; a missing file or an invalid name is ignored. */
  remove(name: string): Promise<void>;
  /** Opens a stored file for reading, or null when the name is invalid or no such file exists. */
  open(name: string): Promise<{ stream: Readable; size: number; type: StoredFileType } | null>;
  /** Removes temporary files older than `olderThanMs` (left by a crash between upload and commit). */
  sweepTemporary(olderThanMs?: number): Promise<number>;
}

const TEMP_SUFFIX = '.tmp';
const HEAD_BYTES = 8;

function typeOf(name: string): StoredFileType {
  return name.slice(name.lastIndexOf('.') + 1) as StoredFileType;
}

/** Receipt storage in a local folder, created on first use. */
export function createLocalFileStorage(dir: string, maxBytes = KWITANSI_MAX_BYTES): FileStorage {
  const ensureDir = () => fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  const fullPath = (name: string) => path.join(dir, name);

  return {
    async stage(source, field = 'kwitansi') {
      await ensureDir();
      const id = crypto.randomBytes(16).toString('hex');
      const tempPath = fullPath(`.${id}${TEMP_SUFFIX}`);
      let out: fs.WriteStream | null = null;
      let type: StoredFileType | null = null;
      let size = 0;
      let pending: Buffer[] = [];
      let refusal: Error | null = null;

      const write = async (chunk: Buffer) => {
        if (!out!.write(chunk)) await once(out!, 'drain');
      };
      const start = async (head: Buffer) => {
        type = detectKwitansiType(head);
        if (!type) {
          refusal = unsupportedType(messages.kwitansi.typeNotAllowed);
          return;
        }
        out = fs.createWriteStream(tempPath, { flags: 'wx', mode: 0o600 });
        out.on('error', (error) => (refusal ??= error));
        await write(head);
        pending = [];
      };

      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          if (refusal) continue; // drain what is left so the client gets the answer
          size += chunk.length;
          if (size > maxBytes) {
            refusal = tooLarge(messages.kwitansi.tooLarge);
            continue;
          }
          if (out) {
            await write(chunk);
            continue;
          }
          pending.push(chunk);
          const head = Buffer.concat(pending);
          if (head.length >= HEAD_BYTES) await start(head);
        }
        if (!refusal && source.truncated) refusal = tooLarge(messages.kwitansi.tooLarge);
        if (!refusal && !out) {
          const head = Buffer.concat(pending);
          if (head.length === 0)
            refusal = validationFailed([{ path: field, msg: messages.kwitansi.empty }], messages.kwitansi.empty);
          else await start(head);
        }
        if (refusal) throw refusal;
        const stream = out as fs.WriteStream | null;
        if (!stream) throw unsupportedType(messages.kwitansi.typeNotAllowed);
        stream.end();
        await once(stream, 'close');
        if (refusal) throw refusal;
      } catch (error) {
        const stream = out as fs.WriteStream | null;
        if (stream && !stream.destroyed) stream.destroy();
        if (stream) await once(stream, 'close').catch(() => undefined);
        await fs.promises.rm(tempPath, { force: true });
        throw error;
      }

      const name = `${id}.${type!}`;
      return {
        name,
        type: type!,
        size,
        commit: () => fs.promises.rename(tempPath, fullPath(name)),
        discard: () => fs.promises.rm(tempPath, { force: true }),
      };
    },

    async remove(name) {
      if (!STORED_FILE_NAME.test(name)) return;
      await fs.promises.rm(fullPath(name), { force: true });
    },

    async open(name) {
      if (!STORED_FILE_NAME.test(name)) return null;
      try {
        const handle = await fs.promises.open(fullPath(name), 'r');
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size, type: typeOf(name) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async sweepTemporary(olderThanMs = 60 * 60 * 1000) {
      let removed = 0;
      let entries: string[];
      try {
        entries = await fs.promises.readdir(dir);
      } catch {
        return 0;
      }
      const cutoff = Date.now() - olderThanMs;
      for (const entry of entries) {
        if (!entry.startsWith('.') || !entry.endsWith(TEMP_SUFFIX)) continue;
        const stat = await fs.promises.stat(fullPath(entry)).catch(() => null);
        if (stat && stat.mtimeMs < cutoff) {
          await fs.promises.rm(fullPath(entry), { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}

/** The receipt folder of a data directory. */
export function kwitansiDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'kwitansi');
}
