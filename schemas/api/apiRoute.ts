// One definition per API route, read by both sides: the server registers its pattern, the
// client builds concrete paths from it. Free of imports, so the start-up constants modules
// may use it.

/** The `:name` parameters of a route pattern, in order, as a tuple of their names. */
export type RouteParams<Pattern extends string> =
  Pattern extends `${string}:${infer Name}/${infer Rest}`
    ? [Name, ...RouteParams<Rest>]
    : Pattern extends `${string}:${infer Name}`
      ? [Name]
      : [];

/** One value per name of a tuple of parameter names. */
type ValuesOf<Names> = Names extends [unknown, ...infer Rest]
  ? [string | number, ...ValuesOf<Rest>]
  : [];

/** One value per parameter, in the pattern's order. */
export type RouteArgs<Pattern extends string> = ValuesOf<RouteParams<Pattern>>;

/** A route with parameters: call it with their values for a path; `pattern` is the server's. */
export type ApiRoute<Pattern extends string> = ((...values: RouteArgs<Pattern>) => string) & {
  readonly pattern: Pattern;
};

/**
 * A route from its Fastify pattern (`/api/tasks/:taskId/claim`): the client calls it with
 * the parameters' values, in order, each percent-encoded as one path segment; the server
 * registers `.pattern`. The path is thus written once for both.
 */
export function apiRoute<const Pattern extends string>(pattern: Pattern): ApiRoute<Pattern> {
  const parts = pattern.split(/(:[A-Za-z_]\w*)/);
  const build = (...values: RouteArgs<Pattern>): string => {
    const given = values as readonly (string | number)[];
    let next = 0;
    return parts
      .map((part) => {
        if (!part.startsWith(':')) return part;
        const value = given[next];
        next += 1;
        if (value === undefined) throw new Error(`${pattern} needs a value for ${part}.`);
        return encodeURIComponent(String(value));
      })
      .join('');
  };
  return Object.assign(build, { pattern });
}

/** What the server registers for each entry of a paths object: the pattern, or the path itself. */
export type RoutePatterns<Paths> = {
  readonly [Key in keyof Paths]: Paths[Key] extends { readonly pattern: infer Pattern }
    ? Pattern
    : Paths[Key];
};

/** The server's route patterns of a paths object whose entries are paths or {@link apiRoute}s. */
export function routePatterns<
  const Paths extends Record<string, string | { readonly pattern: string }>,
>(paths: Paths): RoutePatterns<Paths> {
  return Object.fromEntries(
    Object.entries(paths).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : value.pattern,
    ]),
  ) as RoutePatterns<Paths>;
}
