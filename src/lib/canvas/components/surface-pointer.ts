/**
 * The canvas surface's pointer and wheel events, turned into points in the viewport's own
 * pixels: a press on the background (not on a frame) goes to the selection first (Shift+drag
 * draws a marquee, a press deselects), then to the camera (drag to pan, two fingers to
 * pinch); the wheel zooms (Ctrl/Cmd) or scrolls.
 */
import type { Camera } from '../camera/camera.svelte';
import type { Point } from '../camera/pinch';
import type { CanvasSelection } from '../selection/canvas-selection.svelte';

/** The surface's handlers (`onpointerup` serves `onpointercancel` too). */
export interface SurfacePointer {
	onpointerdown(event: PointerEvent): void;
	onpointermove(event: PointerEvent): void;
	onpointerup(event: PointerEvent): void;
	onwheel(event: WheelEvent): void;
}

/** Routes the events of `surface` (the viewport element, with its `.world` inside). */
export function createSurfacePointer(
	surface: () => HTMLElement,
	camera: Camera,
	selection: CanvasSelection
): SurfacePointer {
	const local = (event: MouseEvent): Point => {
		const rect = surface().getBoundingClientRect();
		return { x: event.clientX - rect.left, y: event.clientY - rect.top };
	};
	return {
		onpointerdown(event) {
			const element = surface();
			if (event.target !== element && !(event.target as HTMLElement).classList.contains('world')) return;
			if (event.button !== 0 && event.button !== 1) return;
			element.focus();
			element.setPointerCapture(event.pointerId);
			const point = local(event);
			if (!selection.pressBackground(event.pointerId, point, event))
				camera.press(event.pointerId, point, event.isPrimary);
		},
		onpointermove(event) {
			const point = local(event);
			if (!selection.dragBackground(event.pointerId, point)) camera.drag(event.pointerId, point);
		},
		onpointerup(event) {
			camera.release(event.pointerId);
			selection.releaseBackground(event.pointerId);
		},
		onwheel(event) {
			event.preventDefault();
			camera.wheel(event, local(event));
		}
	};
}
