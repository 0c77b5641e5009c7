/**
 * The certificate and key of `serve --tls-cert F --tls-key F`, read and checked before the server
 * starts (issue 26 item 15): a missing file, a file that is not PEM, or a key that does not belong
 * to the certificate is refused in one line naming the file, instead of OpenSSL's
 * "error:0480006C:PEM routines::no start line" from deep inside node:https.
 */
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';

export class TlsFileError extends Error {}

export function readTlsFiles(certFile: string, keyFile: string): { cert: Buffer; key: Buffer } {
  const cert = readOne(certFile, 'certificate');
  const key = readOne(keyFile, 'key');
  try {
    new X509Certificate(cert);
  } catch {
    throw new TlsFileError(
      `The TLS certificate file ${certFile} holds no PEM certificate ("-----BEGIN CERTIFICATE-----"); give the server's certificate (its chain may follow).`,
    );
  }
  try {
    createPrivateKey(key);
  } catch {
    throw new TlsFileError(
      `The TLS key file ${keyFile} holds no unencrypted PEM private key ("-----BEGIN PRIVATE KEY-----"); give the certificate's key, without a passphrase.`,
    );
  }
  try {
    createSecureContext({ cert, key });
  } catch {
    throw new TlsFileError(
      `The TLS key file ${keyFile} does not belong to the certificate in ${certFile}; give the key the certificate was issued for.`,
    );
  }
  return { cert, key };
}

function readOne(file: string, what: 'certificate' | 'key'): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'there is no such file'
        : code === 'EACCES'
          ? 'this user may not read it'
          : code === 'EISDIR'
            ? 'it is a folder'
            : `it cannot be read (${code ?? 'unknown error'})`;
    throw new TlsFileError(`The TLS ${what} file ${file} cannot be used: ${why}.`);
  }
}
