/** ESLint rule `autoui/boundaries`: imports follow the module table of docs/ARCHITECTURE.md. */
import { boundaryViolation } from './module-table.js';

const isTestFile = (file) => /\.(test|bench)\.[jt]s$/.test(file) || /\/(testing|test-fixtures)(\.[jt]s|\/)/.test(file);

/** @type {import('eslint').Rule.RuleModule} */
export const boundariesRule = {
	meta: {
		type: 'problem',
		docs: { description: 'imports follow the module table of docs/ARCHITECTURE.md' },
		schema: [],
		messages: { forbidden: '{{reason}}' }
	},
	create(context) {
		const file = context.filename;
		if (isTestFile(file)) return {};
		const check = (node) => {
			const specifier = node.source?.value;
			if (typeof specifier !== 'string') return;
			const reason = boundaryViolation(file, specifier);
			if (reason) context.report({ node: node.source, messageId: 'forbidden', data: { reason } });
		};
		return {
			ImportDeclaration: check,
			ExportNamedDeclaration: check,
			ExportAllDeclaration: check,
			ImportExpression: check
		};
	}
};

export const autouiPlugin = { meta: { name: 'autoui' }, rules: { boundaries: boundariesRule } };
