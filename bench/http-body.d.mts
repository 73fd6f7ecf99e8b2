export function decodedBody(wire: Buffer, encoding: string | undefined): Buffer;
