/** Make sure `binary` exists, installing Debian's `pkg` when root; null, or why it is missing. */
export function ensureDebianPackage(pkg: string, binary: string): string | null;
/** Debian's nginx binary (NGINX_PATH overrides). */
export const NGINX: string;
/** Debian's Java runtime (JAVA_PATH overrides), for the Nu HTML Checker. */
export const JAVA: string;
/** Debian's Hugo binary (HUGO_PATH overrides), for the bench's comparison. */
export const HUGO: string;
