/** A throwaway certificate for 127.0.0.1 (EC P-256, valid one day), made by openssl in `folder`. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function selfSignedCert(folder: string): { key: Buffer; cert: Buffer; certFile: string } {
  const [keyFile, certFile] = [join(folder, 'key.pem'), join(folder, 'cert.pem')];
  const request = 'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=127.0.0.1';
  execFileSync('openssl', [...request.split(' '), '-keyout', keyFile, '-out', certFile], { stdio: 'ignore' });
  return { key: readFileSync(keyFile), cert: readFileSync(certFile), certFile };
}
