import { readFileSync } from 'node:fs';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const catalogFile = /[\\/]src[\\/]i18n[\\/]catalogs[\\/][a-z]+(?:\.pages)?\.json$/;
const virtualPrefix = '\0bilum-compiled-catalog:';

/**
 * The message catalogs (src/i18n/catalogs/*.json, ICU messages) compiled into Lingui's format as the app is built,
 * so the browser gets neither the ICU parser nor the work of parsing (decision 046). The source stays JSON that a
 * translator edits; the compiled module is a virtual one (its id does not end in .json, so Vite's JSON plugin leaves
 * it alone). Unit tests do not use this config: there Lingui compiles each message when it is used.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'bilum-compiled-catalogs',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('.json') || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !catalogFile.test(resolved.id)) return null;
      return `${virtualPrefix}${resolved.id.slice(0, -'.json'.length)}`;
    },
    load(id) {
      if (!id.startsWith(virtualPrefix)) return null;
      const file = `${id.slice(virtualPrefix.length)}.json`;
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]),
      );
      return { code: `export default ${JSON.stringify(compiled)};`, moduleSideEffects: false };
    },
  };
}
