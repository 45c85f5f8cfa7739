/**
 * A Map that keeps at most `limit` entries: setting a new key past the limit drops the oldest
 * one. For what a page remembers for its whole life (ids it has seen delivered), which must not
 * grow without end on a phone left open for days.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.limit) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}
