export { decodeTscii } from './decode.ts';
export { encodeTscii, TsciiEncodeError } from './encode.ts';
