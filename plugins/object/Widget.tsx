import type { FieldWidgetProps, Translate } from '../../src/forms/registry/fieldPlugin';

/** How deep nested objects are laid out as lists; anything deeper is shown as JSON text. */
const MAX_DEPTH = 4;

/** `postalCode` → `Postal code`, `line_2` → `Line 2`: a key as a reader would write it. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** A property's name: its translation when the language has one (`fields.object.keys`). */
function keyLabel(key: string, t: Translate): string {
  const fallback = humanizeKey(key);
  if (!/^[A-Za-z][A-Za-z0-9]{0,63}$/.test(key)) return fallback;
  return t(`fields.object.keys.${key}`, { defaultValue: fallback });
}

/** One value as text, or a nested list for an object. */
function ValueView({ value, depth, t }: { value: unknown; depth: number; t: Translate }) {
  if (value === null || value === undefined || value === '') {
    return <span className="tf-object__none">—</span>;
  }
  if (typeof value === 'boolean')
    return <>{t(value ? 'fields.boolean.yes' : 'fields.boolean.no')}</>;
  if (typeof value !== 'object') return <>{String(value)}</>;
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) {
    return <>{value.map((item) => (item === null ? '—' : String(item))).join(', ')}</>;
  }
  if (depth >= MAX_DEPTH || Array.isArray(value)) {
    return <code className="tf-object__json">{JSON.stringify(value)}</code>;
  }
  return <Entries value={value as Record<string, unknown>} depth={depth + 1} t={t} />;
}

/** An object's properties as a list of names and values, in their stored order. */
function Entries({
  value,
  depth,
  t,
}: {
  value: Record<string, unknown>;
  depth: number;
  t: Translate;
}) {
  return (
    <dl className="tf-object__entries">
      {Object.entries(value).map(([key, item]) => (
        <div key={key} className="tf-object__entry">
          <dt>{keyLabel(key, t)}</dt>
          <dd>
            <ValueView value={item} depth={depth} t={t} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A structured value (an address, a record) shown read-only as a list of its properties,
 * named in the reader's language where the name is a common one (street, city, postal code)
 * and written out from the key otherwise. A named group the keyboard reaches.
 */
export function ObjectWidget({ inputId, errorId, value, text, runtime }: FieldWidgetProps) {
  const empty =
    value === null ||
    value === undefined ||
    (typeof value === 'object' && Object.keys(value).length === 0);
  return (
    <div
      id={inputId}
      className="tf-object"
      role="group"
      tabIndex={0}
      aria-label={text.label || undefined}
      aria-describedby={errorId}
    >
      {empty ? (
        <span className="tf-object__none">{runtime.t('fields.object.empty')}</span>
      ) : typeof value === 'object' && !Array.isArray(value) ? (
        <Entries value={value as Record<string, unknown>} depth={1} t={runtime.t} />
      ) : (
        <ValueView value={value} depth={1} t={runtime.t} />
      )}
    </div>
  );
}
