import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeList } from './notices.svelte';

afterEach(() => {
	vi.useRealTimers();
});

describe('notices', () => {
	it('a stale error never stays above a later success about the same subject', () => {
		const notices = new NoticeList();
		notices.notify('error', 'The picture of the canvas failed: out of memory', undefined, { subject: 'picture' });
		notices.notify('info', 'Saved a picture of 3 widgets.', undefined, { subject: 'picture' });
		expect(notices.list.map((notice) => [notice.kind, notice.message])).toEqual([
			['info', 'Saved a picture of 3 widgets.']
		]);
	});

	it('notices about other subjects stay, in order', () => {
		const notices = new NoticeList();
		notices.notify('error', 'Export failed: quota', undefined, { subject: 'export' });
		notices.notify('error', 'The picture of the canvas failed: x', undefined, { subject: 'picture' });
		notices.notify('error', 'The picture of the canvas failed: y', undefined, { subject: 'picture' });
		expect(notices.list.map((notice) => notice.message)).toEqual([
			'Export failed: quota',
			'The picture of the canvas failed: y'
		]);
	});

	it('the same message repeated shows once, as the newest', () => {
		const notices = new NoticeList();
		notices.notify('error', 'The canvas could not be saved.');
		notices.notify('warning', 'Something else.');
		notices.notify('error', 'The canvas could not be saved.');
		expect(notices.list.map((notice) => notice.message)).toEqual(['Something else.', 'The canvas could not be saved.']);
	});

	it('a replaced notice does not take its successor with it when its timer runs out', () => {
		vi.useFakeTimers();
		const notices = new NoticeList();
		notices.notify('info', 'Copied.', undefined, { subject: 'share' });
		vi.advanceTimersByTime(7_000);
		notices.notify('info', 'Copied again.', undefined, { subject: 'share' });
		vi.advanceTimersByTime(2_000);
		expect(notices.list.map((notice) => notice.message)).toEqual(['Copied again.']);
	});

	it('one informational slot: a newer notice replaces an older informational one, never a question', () => {
		const notices = new NoticeList();
		notices.notify(
			'info',
			'This link offers a dashboard. Load it?',
			[{ id: 'dashboard-load', label: 'Load', run: () => {} }],
			{
				choice: true
			}
		);
		notices.notify('error', 'Export failed: quota', undefined, { subject: 'export' });
		notices.notify('info', 'Cleared 3.', [{ id: 'canvas-clear-undo', label: 'Undo', run: () => {} }]);
		notices.notify('info', 'Imported 4 widgets.', undefined, { subject: 'import' });
		expect(notices.list.map((notice) => notice.message)).toEqual([
			'This link offers a dashboard. Load it?',
			'Export failed: quota',
			'Imported 4 widgets.'
		]);
	});
});
