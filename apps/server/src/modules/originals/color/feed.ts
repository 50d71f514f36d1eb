import type { ColorEvent } from '@taya/contracts';
import { Broadcast } from '../../../platform/live-socket';

/** The Colour Game's feed in this process: the runner and the bet routes publish, the WebSocket route's sockets listen. */
export class ColorFeed extends Broadcast<ColorEvent> {}
