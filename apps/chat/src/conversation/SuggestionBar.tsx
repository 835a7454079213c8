// Suggested resources for the draft, as ghost chips under the composer: each with why it
// was suggested; a click or Alt+1…3 (from the composer) attaches it as an ordinary mention
// chip. Nothing is attached without the user.
import type { DraftSuggestion } from './useDraftSuggestions.ts'

export interface SuggestionBarProps {
  suggestions: readonly DraftSuggestion[]
  onAttach: (suggestion: DraftSuggestion) => void
}

/** Why, in a few words: the draft's words it holds. */
export function suggestionReason(suggestion: DraftSuggestion): string {
  const words = suggestion.reasons.words
  return words.length > 0 ? `matches “${words.join('”, “')}”` : 'matches the message'
}

export function SuggestionBar({ suggestions, onAttach }: SuggestionBarProps) {
  if (suggestions.length === 0) return null
  return (
    <ul className="chat-suggestions" aria-label="Suggested resources">
      {suggestions.map((suggestion, index) => (
        <li key={suggestion.id} className="chat-suggestion" data-suggestion-uri={suggestion.uri}>
          <button
            type="button"
            className="chat-suggestion-attach"
            aria-keyshortcuts={`Alt+${index + 1}`}
            title={`${suggestion.server}: ${suggestion.uri}`}
            onClick={() => onAttach(suggestion)}
          >
            <span aria-hidden="true">+ </span>
            <span className="chat-suggestion-label">{suggestion.label}</span>
            <span className="chat-suggestion-reason"> {suggestionReason(suggestion)}</span>
            <kbd className="chat-suggestion-key">Alt+{index + 1}</kbd>
          </button>
        </li>
      ))}
    </ul>
  )
}
