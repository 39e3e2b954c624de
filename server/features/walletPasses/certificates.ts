// Signing material for Apple and Google Wallet. Production reads it from configuration (paths in the environment);
// the demo and tests make a local stand-in once in the data dir: a root CA, a WWDR-like intermediate, a pass type
// certificate signed by it (openssl), and an RSA key shaped like a Google service account's.
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface AppleSigner {
  passTypeIdentifier: string;
  teamIdentifier: string;
  wwdr: string;
  signerCert: string;
  signerKey: string;
}

export interface GoogleSigner {
  issuerId: string;
  clientEmail: string;
  privateKey: string;
}

export interface WalletPassConfig {
  apple: AppleSigner;
  google: GoogleSigner;
  /** The local root the test chain hangs from (null with real certificates). */
  testRootPath: string | null;
  googlePublicKey: string | null;
}

const TEST_PASS_TYPE = 'pass.jp.zoopass.test';

function openssl(args: string[], cwd: string) {
  execFileSync('openssl', args, { cwd, stdio: 'ignore' });
}

/** Makes (once) the local chain: root -> WWDR-like intermediate -> pass type certificate. */
export function testChain(dir: string) {
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'pass.pem'))) {
    const subj = (cn: string) => ['-subj', `/O=ZooPass Test/CN=${cn}`];
    writeFileSync(join(dir, 'ca.ext'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n');
    writeFileSync(join(dir, 'leaf.ext'), 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n');
    openssl(
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        'root.key',
        '-out',
        'root.pem',
        '-days',
        '3650',
        ...subj('Test Root CA'),
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-addext',
        'keyUsage=critical,keyCertSign,cRLSign',
      ],
      dir,
    );
    openssl(
      ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'wwdr.key', '-out', 'wwdr.csr', ...subj('Test WWDR')],
      dir,
    );
    openssl(
      [
        'x509',
        '-req',
        '-in',
        'wwdr.csr',
        '-CA',
        'root.pem',
        '-CAkey',
        'root.key',
        '-CAcreateserial',
        '-out',
        'wwdr.pem',
        '-days',
        '3650',
        '-extfile',
        'ca.ext',
      ],
      dir,
    );
    openssl(
      [
        'req',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        'pass.key',
        '-out',
        'pass.csr',
        ...subj(`Pass Type ID: ${TEST_PASS_TYPE}`),
      ],
      dir,
    );
    openssl(
      [
        'x509',
        '-req',
        '-in',
        'pass.csr',
        '-CA',
        'wwdr.pem',
        '-CAkey',
        'wwdr.key',
        '-CAcreateserial',
        '-out',
        'pass.pem',
        '-days',
        '3650',
        '-extfile',
        'leaf.ext',
      ],
      dir,
    );
  }
  if (!existsSync(join(dir, 'google.key'))) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(join(dir, 'google.key'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
    writeFileSync(join(dir, 'google.pub'), publicKey.export({ type: 'spki', format: 'pem' }));
  }
  return dir;
}

/**
 * WALLET_APPLE_CERT / _KEY / _WWDR (PEM paths), WALLET_APPLE_PASS_TYPE, WALLET_APPLE_TEAM, WALLET_GOOGLE_KEY (a
 * service account JSON path), WALLET_GOOGLE_ISSUER; without them the local test chain in `${dataDir}/wallet-test`.
 */
export function walletPassConfig(env: Record<string, string | undefined>, dataDir: string): WalletPassConfig {
  const read = (p: string) => readFileSync(p, 'utf8');
  const local = env.WALLET_APPLE_CERT ? null : testChain(resolve(dataDir, 'wallet-test'));
  const apple: AppleSigner = local
    ? {
        passTypeIdentifier: TEST_PASS_TYPE,
        teamIdentifier: 'TESTTEAM00',
        wwdr: read(join(local, 'wwdr.pem')),
        signerCert: read(join(local, 'pass.pem')),
        signerKey: read(join(local, 'pass.key')),
      }
    : {
        passTypeIdentifier: env.WALLET_APPLE_PASS_TYPE ?? '',
        teamIdentifier: env.WALLET_APPLE_TEAM ?? '',
        wwdr: read(env.WALLET_APPLE_WWDR ?? ''),
        signerCert: read(env.WALLET_APPLE_CERT ?? ''),
        signerKey: read(env.WALLET_APPLE_KEY ?? ''),
      };
  const account = env.WALLET_GOOGLE_KEY
    ? (JSON.parse(read(env.WALLET_GOOGLE_KEY)) as { client_email: string; private_key: string })
    : null;
  const googleDir = local ?? testChain(resolve(dataDir, 'wallet-test'));
  const google: GoogleSigner = account
    ? { issuerId: env.WALLET_GOOGLE_ISSUER ?? '', clientEmail: account.client_email, privateKey: account.private_key }
    : {
        issuerId: '3388000000000000000',
        clientEmail: 'wallet@zoopass-test.iam.gserviceaccount.com',
        privateKey: read(join(googleDir, 'google.key')),
      };
  return {
    apple,
    google,
    testRootPath: local ? join(local, 'root.pem') : null,
    googlePublicKey: account ? null : read(join(googleDir, 'google.pub')),
  };
}
