import { RIGHT_FLAGS } from './flags';
import { ADMINISTRATOR_ONLY_ENTRIES, RIGHT_CATALOGUE } from './catalogue';
import { OPERATIONS, OPERATION_NAMES } from './operations';

/** The Markdown of docs/rights.md, made from the catalogue (a test keeps the file in step). */
export function renderRightsMarkdown(): string {
  const lines: string[] = [
    '# Rights',
    '',
    '<!-- Generated from packages/domain/src/rights by `npm run docs:rights`; do not edit by hand. -->',
    '',
    'Users of type `Administrator`, or with the `administrator` flag, may do everything and hold every',
    'entry below. Every other user holds the entries of the flags ticked for them; where entries for one',
    'path overlap, the strongest wins in the order route, setting, rw, ro, wo. The server enforces the',
    'entries: a route runs only for a holder of its `route` entry (or when it is open to every',
    'signed-in user), a write may change only fields the caller may write, and setting registers need',
    'their `setting` entry. A user with customers sees and changes only those customers\' data.',
    '',
    '## Entries per flag',
    '',
    '| flag | route | setting | rw | ro | wo |',
    '|---|---|---|---|---|---|',
  ];
  for (const flag of RIGHT_FLAGS) {
    if (flag === 'administrator') {
      lines.push('| administrator | every route | every group | every field | | |');
      continue;
    }
    const entries = RIGHT_CATALOGUE[flag];
    const of = (type: string) =>
      entries
        .filter((entry) => entry.type === type)
        .map((entry) => `\`${entry.path}\``)
        .join(', ');
    lines.push(`| ${flag} | ${of('route')} | ${of('setting')} | ${of('rw')} | ${of('ro')} | ${of('wo')} |`);
  }
  lines.push('', '## Administrators only', '');
  lines.push(ADMINISTRATOR_ONLY_ENTRIES.map((entry) => `- \`${entry.path}\` (${entry.type})`).join('\n'));
  lines.push('', '## Routes', '', '| operation | method | path (under /api/v1) | who |', '|---|---|---|---|');
  const who = { public: 'anyone (own secret or credentials)', signedIn: 'every signed-in user', read: 'every signed-in user, scoped to their customers', route: 'holders of the route entry', admin: 'administrators' };
  for (const name of OPERATION_NAMES) {
    const operation = OPERATIONS[name];
    const flags = Object.entries(RIGHT_CATALOGUE)
      .filter(([, entries]) => entries.some((entry) => entry.type === 'route' && entry.path === name))
      .map(([flag]) => flag);
    const detail = operation.access === 'route' ? `${who.route}: ${flags.join(', ')}` : who[operation.access];
    lines.push(`| ${name} | ${operation.method} | \`${operation.path}\` | ${detail} |`);
  }
  return `${lines.join('\n')}\n`;
}
