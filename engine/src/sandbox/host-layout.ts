// What of the host a sandboxed command sees besides its own folders: the system, read-only, so
// bash and common tools run (binaries, libraries, /etc), minus the secrets /etc holds. Read from
// the disk per command (a few lstat calls), so the argument builder itself stays pure.
import { lstatSync, readdirSync, readlinkSync, realpathSync } from "node:fs";
import path from "node:path";

/** One top-level system path: a directory to bind read-only, or a symlink to recreate (merged /usr). */
export interface SystemPath {
  path: string;
  /** The symlink's target as written (e.g. `usr/bin` for `/bin`), when the path is a symlink. */
  link?: string;
}

/** A secret in the system folders: a file is hidden behind /dev/null, a folder behind an empty one. */
export interface HiddenPath {
  path: string;
  directory: boolean;
}

/** The host facts the bubblewrap arguments are built from. */
export interface HostLayout {
  system: SystemPath[];
  hidden: HiddenPath[];
  /** Where /etc/resolv.conf really is when that is outside the system paths (systemd-resolved's /run/…). */
  resolvConf?: string;
}

// Enough to run bash, coreutils, git, compilers and interpreters installed by the system; /opt and
// /nix hold system-installed software too. Home folders, /root, /var, /run, /srv and /mnt are not here.
const SYSTEM_PATHS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/nix"];

// Readable by root (and so by a command the studio runs as root): password hashes, host and TLS
// private keys, Kerberos and Wi-Fi credentials. The rest of /etc is configuration tools need.
const HIDDEN_FILES = ["/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-", "/etc/security/opasswd", "/etc/krb5.keytab", "/etc/sudoers"];
const HIDDEN_DIRECTORIES = ["/etc/ssl/private", "/etc/sudoers.d", "/etc/NetworkManager/system-connections", "/etc/wpa_supplicant"];
const SSH_HOST_KEY = /^ssh_host_.*_key$/;

/**
 * Reads which system paths exist on this host, which secrets are there to hide, and where
 * /etc/resolv.conf points.
 *
 * @example
 * hostLayout().system; // [{ path: "/usr" }, { path: "/bin", link: "usr/bin" }, …]
 */
export function hostLayout(): HostLayout {
  const system: SystemPath[] = [];
  for (const entry of SYSTEM_PATHS) {
    const kind = kindOf(entry);
    if (kind === "directory") system.push({ path: entry });
    else if (kind === "symlink") system.push({ path: entry, link: readlinkSync(entry) });
  }
  const hidden: HiddenPath[] = [];
  for (const file of [...HIDDEN_FILES, ...sshHostKeys()]) if (kindOf(file) === "file") hidden.push({ path: file, directory: false });
  for (const directory of HIDDEN_DIRECTORIES) if (kindOf(directory) === "directory") hidden.push({ path: directory, directory: true });
  const resolvConf = resolvConfOutsideSystem(system);
  return { system, hidden, ...(resolvConf ? { resolvConf } : {}) };
}

function sshHostKeys(): string[] {
  try {
    return readdirSync("/etc/ssh")
      .filter((name) => SSH_HOST_KEY.test(name))
      .map((name) => path.join("/etc/ssh", name));
  } catch {
    // No /etc/ssh: no host keys to hide.
    return [];
  }
}

function resolvConfOutsideSystem(system: SystemPath[]): string | undefined {
  let target: string;
  try {
    target = realpathSync("/etc/resolv.conf");
  } catch {
    // Missing or dangling: the network, when allowed, has no DNS configuration to show either.
    return undefined;
  }
  const inside = system.some((entry) => !entry.link && (target === entry.path || target.startsWith(`${entry.path}/`)));
  return inside ? undefined : target;
}

/** What `file` is, without following a symlink; undefined when absent or unreadable. */
export function kindOf(file: string): "directory" | "file" | "symlink" | undefined {
  try {
    const stat = lstatSync(file);
    if (stat.isSymbolicLink()) return "symlink";
    if (stat.isDirectory()) return "directory";
    return stat.isFile() ? "file" : undefined;
  } catch {
    // Absent (or unreadable): nothing to bind or hide.
    return undefined;
  }
}
