// A module (apps/api/src/modules/<name>) or a feature (apps/web/src/features/<name>) imports no other
// module's or feature's files: what several share goes to lib/ (or components/ in the web), or is
// handed in by the composition root. Checked on the resolved path of each relative import, so that
// `../../home/components/x` is caught as surely as `features/home/components/x`.
import path from 'node:path';

/** The wall folder holding `file` and the name of the module inside it, or undefined. */
function moduleOf(file, walls) {
  for (const wall of walls) {
    const relative = path.relative(wall, file);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) continue;
    const [name, ...rest] = relative.split(path.sep);
    return { wall, name, inside: rest.length > 0 };
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: "Forbid importing another module's (or feature's) files." },
    schema: [
      {
        type: 'object',
        properties: {
          walls: { type: 'array', items: { type: 'string' } },
          // Walls whose modules are reached from outside only through their entry (the folder's index).
          entryOnly: { type: 'array', items: { type: 'string' } },
        },
        required: ['walls'],
        additionalProperties: false,
      },
    ],
    messages: {
      pastEntry: "'{{specifier}}' reaches past the entry of {{to}}: import it from the folder (its index) only.",
      crossing:
        "'{{source}}' is in {{from}}, and '{{specifier}}' reaches into {{to}}: move what both need to lib/ (components/ in the web), or have the composition root hand it in.",
    },
  },
  create(context) {
    const walls = context.options[0].walls.map((wall) => path.resolve(wall));
    const entryOnly = new Set((context.options[0].entryOnly ?? []).map((wall) => path.resolve(wall)));
    const filename = context.filename ?? context.getFilename();
    const source = moduleOf(filename, walls);
    if (source && !source.inside) return {};

    function check(node) {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const specifier = node.value;
      if (!specifier.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(filename), specifier);
      const target = moduleOf(resolved, walls);
      if (!target) return;
      if (!source) {
        const entry = path.join(target.wall, target.name);
        const throughEntry = resolved === entry || /^index(\.[jt]sx?)?$/.test(path.relative(entry, resolved));
        if (entryOnly.has(target.wall) && !throughEntry) {
          context.report({ node, messageId: 'pastEntry', data: { specifier, to: `${path.basename(target.wall)}/${target.name}` } });
        }
        return;
      }
      if (target.wall === source.wall && target.name === source.name) return;
      context.report({
        node,
        messageId: 'crossing',
        data: {
          source: path.relative(process.cwd(), filename),
          from: `${path.basename(source.wall)}/${source.name}`,
          specifier,
          to: `${path.basename(target.wall)}/${target.name}`,
        },
      });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // vi.mock('../other/file') reaches into the other module as surely as an import.
      CallExpression: (node) => {
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'vi' && callee.property.type === 'Identifier' && ['mock', 'doMock', 'importActual'].includes(callee.property.name)) {
          check(node.arguments[0]);
        }
      },
    };
  },
};
