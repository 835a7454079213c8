// What the user typed after `@`: `@readme` searches every server, `@demo:readme` only the
// server `demo` (matched by id or display name, ignoring case). The parser is shared with
// the side search (shared/queryScope.ts).
export {
  parseScopedQuery as parseMentionQuery,
  type ScopedQuery as MentionQuery,
  slug,
} from '../shared/queryScope.ts'
