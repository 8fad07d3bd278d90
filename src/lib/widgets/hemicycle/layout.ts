/**
 * Parliament seat layout: concentric half-rings with seats spread by ring length, then
 * assigned to groups from left to right so each group forms a wedge.
 */

export type Seat = { x: number; y: number; group: number };

/** Seat centres in a unit half-disc (x in -1..1, y in 0..1 upward) and the seat radius. */
export function layoutSeats(counts: number[]): { seats: Seat[]; radius: number; rows: number } {
	const total = counts.reduce((sum, count) => sum + count, 0);
	if (total <= 0) return { seats: [], radius: 0, rows: 0 };
	const inner = 0.38;
	let rows = 1;
	let spacing = 1 - inner;
	for (; rows < 60; rows++) {
		spacing = (1 - inner) / rows;
		let capacity = 0;
		for (let row = 0; row < rows; row++)
			capacity += Math.floor((Math.PI * (inner + (row + 0.5) * spacing)) / spacing) + 1;
		if (capacity >= total) break;
	}
	const radii = Array.from({ length: rows }, (_, row) => inner + (row + 0.5) * spacing);
	const sum = radii.reduce((a, b) => a + b, 0);
	const perRow = radii.map((radius) => Math.floor((total * radius) / sum));
	let left = total - perRow.reduce((a, b) => a + b, 0);
	for (let row = rows - 1; left > 0; row = (row - 1 + rows) % rows, left--) perRow[row]++;
	const points: Array<{ x: number; y: number; angle: number }> = [];
	radii.forEach((radius, row) => {
		const count = perRow[row];
		for (let index = 0; index < count; index++) {
			const angle = count === 1 ? Math.PI / 2 : Math.PI - (index / (count - 1)) * Math.PI;
			points.push({ x: radius * Math.cos(angle), y: radius * Math.sin(angle), angle });
		}
	});
	points.sort((a, b) => b.angle - a.angle || a.x * a.x + a.y * a.y - (b.x * b.x + b.y * b.y));
	const seats: Seat[] = [];
	let group = 0;
	let used = 0;
	for (const point of points) {
		while (group < counts.length - 1 && used >= counts[group]) {
			group++;
			used = 0;
		}
		seats.push({ x: point.x, y: point.y, group });
		used++;
	}
	return { seats, radius: spacing * 0.42, rows };
}
