/**
 * fromJsonSchema, once per distinct schema in a process. The validator compiles per schema object (Ajv caches by
 * identity), and a server factory runs per connection (stdio) or per request (HTTP), so a schema literal in a
 * factory would compile again every time. Kept here, the compiled validators also ride in the stdio servers'
 * startup snapshots (lib/node/demo-servers/serve-stdio.ts), so a spawned server compiles none before its first reply.
 */
import { fromJsonSchema, type JsonSchemaType, type StandardSchemaWithJSON } from "@modelcontextprotocol/server";

const made = new Map<string, StandardSchemaWithJSON<unknown, unknown>>();

export function jsonSchemaOnce<T = unknown>(schema: JsonSchemaType): StandardSchemaWithJSON<T, T> {
  const key = JSON.stringify(schema);
  let wrapped = made.get(key);
  if (!wrapped) made.set(key, (wrapped = fromJsonSchema(schema)));
  return wrapped as StandardSchemaWithJSON<T, T>;
}
