/**
 * Words a shopper may type for a category (issue 31, decision 043): Tok Pisin as it is spoken and spelled in Papua
 * New Guinea, by the slugs the shop starts with (migration 0033). A search word that is one of them finds that
 * category's products as well as what it finds as a word ("fon" lists the phones). A category renamed since still
 * answers to them: its first slug keeps leading to it (category_slug_redirects). English words need no entry: they
 * are the products' own words.
 */
export const categorySynonyms = {
  phones: ['fon', 'selfon', 'mobail'],
  computers: ['kompiuta', 'kompyuta', 'komputa'],
  cameras: ['kamera', 'kemra'],
  vehicles: ['kar', 'trak', 'motoka', 'motobaik'],
} as const satisfies Record<string, readonly string[]>;

const categoryBySynonym: ReadonlyMap<string, string> = new Map(
  Object.entries(categorySynonyms).flatMap(([slug, words]) => words.map((word) => [word, slug] as const)),
);

/** The slug of the category a search word names ("Fon" -> "phones"), or null when it names none. */
export function categoryOfSearchWord(word: string): string | null {
  return categoryBySynonym.get(word.trim().toLowerCase()) ?? null;
}
