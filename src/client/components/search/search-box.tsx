import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import './search-box.css';

/** How long typing must pause before the list is searched: one request per word, not per key. */
const SEARCH_PAUSE_MS = 350;

/**
 * What a list's search box holds, kept in the address (?q=) so that a search can be shared,
 * survives Back, and reopens offline from the answer the service worker saved for that very
 * request. Answers the query to search now and the box's props.
 */
export function useAddressSearch() {
  const { q: raw } = useSearch({ strict: false }) as { q?: unknown };
  // A screen that does not declare its search reads `?q=2024` as a number: text all the same.
  const inAddress = raw === undefined || raw === null ? '' : String(raw);
  const query = inAddress.trim();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(inAddress);
  // The last query this box put in the address: any other came from Back, Forward or a link,
  // and replaces what the box holds (never what the student is still typing).
  const sent = useRef(query);
  useEffect(() => {
    if (query !== sent.current) {
      sent.current = query;
      setTyped(query);
    }
  }, [query]);
  const search = (text: string) => {
    const q = text.trim();
    if (q === query) return;
    sent.current = q;
    // Replaced, not pushed: Back leaves the list rather than stepping through every word typed.
    void navigate({ to: '.', search: q ? { q } : {}, replace: true });
  };
  useEffect(() => {
    const timer = setTimeout(() => search(typed), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
    // `search` reads only the address's query, which is a dependency already.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, query]);
  return { query, box: { typed, setTyped, search } };
}

/** The search form of a list: its label, and the field that searches as the student types. */
export function SearchBox({
  label,
  placeholder,
  box,
}: {
  label: string;
  placeholder: string;
  box: ReturnType<typeof useAddressSearch>['box'];
}) {
  const id = useId();
  return (
    <form
      className="list-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        box.search(box.typed);
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={box.typed}
        maxLength={200}
        placeholder={placeholder}
        onChange={(event) => box.setTyped(event.currentTarget.value)}
      />
    </form>
  );
}
