import { describe, expect, it } from 'vitest';
import {
  addProductMessages,
  cleanImageUrl,
  displayedProductStatus,
  featureBadges,
  inventoryStats,
  isImageLocation,
  parseKinaInput,
  searchInventory,
} from './admin-products';
import {
  addProductFormSchema,
  editProductFormSchema,
  emptyAddProductForm,
  newProductSchema,
  type EditedProduct,
  productUpdateBody,
} from './admin-products.schema';
import { stockLevel, stockMessages } from './admin-stock';

describe('parseKinaInput', () => {
  it('strips commas and a K, and rounds to two decimals half up', () => {
    expect(parseKinaInput('1,234.5')).toBe(123_450);
    expect(parseKinaInput('K 99')).toBe(9_900);
    expect(parseKinaInput('1.005')).toBe(101);
    expect(parseKinaInput('0.004')).toBe(0);
    expect(parseKinaInput('12.999')).toBe(1_300);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '-5', '1.2.3', '1e5']) expect(parseKinaInput(text)).toBeNull();
  });
});

describe('image addresses', () => {
  it('lose their spaces and line breaks', () => {
    expect(cleanImageUrl(' https://x.pg/a b.png\n')).toBe('https://x.pg/ab.png');
  });

  it('are absolute http(s) URLs or paths starting with "/"', () => {
    expect(isImageLocation('https://cdn.example.pg/a.jpg')).toBe(true);
    expect(isImageLocation('http://cdn.example.pg/a.jpg')).toBe(true);
    expect(isImageLocation('/assets/images/product.jpg')).toBe(true);
    expect(isImageLocation('//evil.example/a.jpg')).toBe(false);
    expect(isImageLocation('javascript:alert(1)')).toBe(false);
    expect(isImageLocation('ftp://x.pg/a.jpg')).toBe(false);
    expect(isImageLocation('images/a.jpg')).toBe(false);
  });
});

const products = [
  {
    name: 'Galaxy Phone',
    category: 'phones',
    description: 'A fast handset',
    status: 'active',
    isHot: true,
    isAuction: false,
    isTopPick: true,
  },
  {
    name: 'Toyota Hilux',
    category: 'vehicles',
    description: 'Strong ute',
    status: 'sold',
    isHot: false,
    isAuction: true,
    isTopPick: false,
  },
  {
    name: 'Tripod',
    category: 'accessories',
    description: 'For CAMERAS',
    status: 'inactive',
    isHot: false,
    isAuction: false,
    isTopPick: false,
  },
] as const;

describe('the inventory', () => {
  it('searches name, category and description without regard to case', () => {
    expect(searchInventory(products, 'GALAXY').map((p) => p.name)).toEqual(['Galaxy Phone']);
    expect(searchInventory(products, 'vehicles').map((p) => p.name)).toEqual(['Toyota Hilux']);
    expect(searchInventory(products, 'cameras').map((p) => p.name)).toEqual(['Tripod']);
    expect(searchInventory(products, '  ')).toHaveLength(3);
    expect(searchInventory(products, 'nothing like it')).toEqual([]);
  });

  it('counts the six stat cards', () => {
    expect(inventoryStats(products)).toEqual({
      totalProducts: 3,
      activeListings: 1,
      soldItems: 1,
      hotDeals: 1,
      auctionItems: 1,
      topPicks: 1,
    });
  });

  it('shows an unknown status as inactive and "None" without feature flags', () => {
    expect(displayedProductStatus('archived')).toBe('inactive');
    expect(displayedProductStatus('sold')).toBe('sold');
    expect(featureBadges(products[0])).toEqual(['Hot', 'Top Pick']);
    expect(featureBadges(products[2])).toEqual(['None']);
  });
});

const validForm = () => ({
  ...emptyAddProductForm(),
  name: 'Canon EOS',
  description: 'A good camera body.',
  price: '1,299.99',
  image: ' /api/images/abc\n',
  category: 'cameras' as const,
  stock: '5',
});

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('the add-product form', () => {
  it('starts with two empty secondary image slots, New and Active', () => {
    const form = emptyAddProductForm();
    expect(form.secondaryImages).toEqual([{ url: '' }, { url: '' }]);
    expect(form).toMatchObject({ condition: 'New', status: 'active' });
  });

  it('requires the stock on hand (no default of 1): a whole number, 0 or more; the threshold defaults to 3', () => {
    expect(emptyAddProductForm()).toMatchObject({ stock: '', lowStockThreshold: '3' });
    for (const stock of ['', ' ', '-1', '2.5', 'five', '1000001']) {
      expect(addProductFormSchema.safeParse({ ...validForm(), stock }).success, stock).toBe(false);
    }
    expect(messagesOf(addProductFormSchema.safeParse({ ...validForm(), stock: '' }))).toContain(
      stockMessages.stockRequired,
    );
    expect(addProductFormSchema.parse({ ...validForm(), stock: '0' })).toMatchObject({
      stock: 0,
      lowStockThreshold: 3,
    });
    expect(addProductFormSchema.parse({ ...validForm(), stock: ' 12 ', lowStockThreshold: '4' })).toMatchObject({
      stock: 12,
      lowStockThreshold: 4,
    });
  });

  it('turns what was typed into the API body: toea, empty discount worked out from the prices (null), empty original price null, empty images dropped', () => {
    const body = addProductFormSchema.parse({
      ...validForm(),
      secondaryImages: [{ url: '' }, { url: 'https://x.pg/b.png' }, { url: ' ' }],
    });
    expect(body).toMatchObject({
      price: 129_999,
      originalPrice: null,
      discountPercentage: null,
      image: '/api/images/abc',
      secondaryImages: ['https://x.pg/b.png'],
    });
    expect(newProductSchema.parse(body)).toEqual(body);
  });

  it('gives the spec’s message for each broken rule', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ' }, addProductMessages.nameRequired],
      [{ description: 'too short' }, addProductMessages.descriptionShort],
      [{ description: 'x'.repeat(501) }, addProductMessages.descriptionLong],
      [{ price: '0' }, addProductMessages.price],
      [{ price: 'free' }, addProductMessages.price],
      [{ image: '' }, addProductMessages.imageRequired],
      [{ image: 'photo.jpg' }, addProductMessages.imageFormat],
      [{ category: '' }, addProductMessages.category],
      [{ condition: 'Broken' }, addProductMessages.condition],
      [{ discountPercentage: '101' }, addProductMessages.discount],
      [{ discountPercentage: '2.5' }, addProductMessages.discount],
      [{ originalPrice: '-1' }, addProductMessages.originalPrice],
      [{ secondaryImages: [{ url: 'not a url' }] }, addProductMessages.secondaryImage],
    ];
    for (const [change, message] of cases) {
      expect(messagesOf(addProductFormSchema.safeParse({ ...validForm(), ...change }))).toContain(message);
    }
  });

  it('accepts both readings of the condition list (Used and Pre-owned/Working fine)', () => {
    for (const condition of ['New', 'Used', 'Pre-owned/Working fine', 'Refurbished']) {
      expect(addProductFormSchema.safeParse({ ...validForm(), condition }).success).toBe(true);
    }
  });
});

describe('the edit form', () => {
  const edit = {
    name: 'Canon EOS',
    category: 'cameras',
    description: 'Short',
    price: '0',
    originalPrice: '',
    discountPercentage: '',
    image: '/images/a.svg',
    condition: 'Used',
    status: 'inactive',
    stock: '7',
    lowStockThreshold: '2',
    sku: ' cam-1 ',
    isHot: false,
    isAuction: false,
    isTopPick: true,
    isExclusive: true,
    secondaryImages: [],
  };

  it('is looser than the add form and turns cleared optional numbers into null', () => {
    expect(editProductFormSchema.parse(edit)).toMatchObject({
      description: 'Short',
      price: 0,
      originalPrice: null,
      discountPercentage: null,
      status: 'inactive',
      sku: 'CAM-1',
      isExclusive: true,
    });
  });

  it('does not offer "Sold" (it follows the stock) and sends the stock as a change from the figure shown', () => {
    const sold = editProductFormSchema.safeParse({ ...edit, status: 'sold' });
    expect(sold.error?.issues.filter((issue) => issue.path[0] === 'status').map((issue) => issue.message)).toEqual([
      stockMessages.statusSoldDerived,
    ]);
    const edited = { name: 'Canon EOS', status: 'active', stock: 3, lowStockThreshold: 2 } as unknown as EditedProduct;
    expect(productUpdateBody(edited, { version: 4, stock: 5 })).toMatchObject({
      version: 4,
      stockChange: -2,
      lowStockThreshold: 2,
    });
    expect(productUpdateBody(edited, { version: 4, stock: 5 })).not.toHaveProperty('stock');
  });

  it('still requires name, description, price and image', () => {
    for (const field of ['name', 'description', 'price', 'image']) {
      expect(editProductFormSchema.safeParse({ ...edit, [field]: '' }).success).toBe(false);
    }
  });
});

describe('stock levels', () => {
  it('is out with none on hand, low at or below the product’s threshold, and never either for the membership', () => {
    const level = (stock: number, lowStockThreshold = 3, isMembership = false) =>
      stockLevel({ stock, lowStockThreshold, isMembership });
    expect([level(0), level(1), level(3), level(4), level(10, 10), level(11, 10), level(0, 3, true)]).toEqual([
      'out',
      'low',
      'low',
      'in',
      'low',
      'in',
      'in',
    ]);
  });
});
