import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

type StoredSecrets = Record<string, string | undefined>;

const newSecret = () => randomBytes(32).toString('hex');

/**
 * DESIGN 4: the sandboxes' secrets (the payment sandbox's, the sandbox courier's token) are
 * generated once per installation and kept in DATA_DIR/secrets.json (mode 600), so no installation
 * runs on a published default. Several instances must share them, so a scaled-out deployment sets
 * the variables (or shares DATA_DIR). Answers the named secrets, adding any the file lacks and
 * keeping whatever else it holds.
 */
export function installationSecrets<Name extends string>(
  dataDir: string,
  names: readonly Name[],
): Record<Name, string> {
  const file = path.join(dataDir, 'secrets.json');
  const stored = readSecrets(file) ?? createSecretsFile(file, names);
  const secrets = Object.fromEntries(names.map((name) => [name, stored[name] ?? newSecret()])) as Record<
    Name,
    string
  >;
  if (names.some((name) => !stored[name])) {
    // An older file without some entries: add them, keeping whatever else it holds.
    writeAtomically(file, { ...stored, ...secrets }, (temporary) => fs.renameSync(temporary, file));
  }
  return secrets;
}

/**
 * Creates the file only if it does not exist (a hard link fails on an existing name), so two
 * instances starting together on one DATA_DIR end up with the same secrets.
 */
function createSecretsFile(file: string, names: readonly string[]): StoredSecrets {
  const secrets = Object.fromEntries(names.map((name) => [name, newSecret()]));
  try {
    writeAtomically(file, secrets, (temporary) => fs.linkSync(temporary, file));
    return secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readSecrets(file) ?? secrets;
  }
}

function writeAtomically(file: string, content: StoredSecrets, publish: (temporary: string) => void) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  try {
    publish(temporary);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

function readSecrets(file: string): StoredSecrets | null {
  if (!fs.existsSync(file)) return null;
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  return parsed && typeof parsed === 'object' ? (parsed as StoredSecrets) : {};
}
