/**
 * The demo catalogue. The array order defines product ids: element 0 gets id 1, element 1 id 2, and so on,
 * so new products go at the end (before the membership product) and existing ones are never reordered.
 * Pictures are drawn by draw-product-images.ts into apps/web/public/images/products/.
 */
import { discountPercentFor } from '@bilum/shared';

export type SeedCategory = 'phones' | 'computers' | 'cameras' | 'vehicles' | 'accessories';

export interface SeedProduct {
  name: string;
  description: string;
  category: SeedCategory;
  priceToea: number;
  originalPriceToea: number | null;
  discountPercentage: number;
  condition: 'New' | 'Pre-owned/Working fine' | 'Refurbished';
  status: 'active' | 'inactive' | 'sold';
  stock: number;
  isHot: boolean;
  isAuction: boolean;
  isTopPick: boolean;
  isExclusive: boolean;
  isMembership: boolean;
  image: string;
  galleryImages: string[];
}

type Tag = 'hot' | 'auction' | 'topPick' | 'exclusive';

interface ProductInput {
  name: string;
  description: string;
  category: SeedCategory;
  /** Price in toea; write it as kina(…) for readability. */
  price: number;
  /** The crossed-out price, only for discounted products. */
  was?: number;
  condition?: SeedProduct['condition'];
  status?: SeedProduct['status'];
  stock: number;
  tags?: Tag[];
}

const IMAGE_DIR = '/images/products';
const PRE_OWNED = 'Pre-owned/Working fine';

/** Kina to toea: kina(1899) is 189900, kina(499.99) is 49999. */
function kina(amount: number): number {
  return Math.round(amount * 100);
}

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function product(input: ProductInput): SeedProduct {
  const tags = new Set(input.tags ?? []);
  const slug = slugify(input.name);
  const sold = input.status === 'sold';
  const isTopPick = tags.has('topPick');
  // Top picks get one more gallery view (a dark studio shot) than other products.
  const views = isTopPick ? [2, 3, 4] : [2, 3];
  return {
    name: input.name,
    description: input.description,
    category: input.category,
    priceToea: input.price,
    originalPriceToea: input.was ?? null,
    // The one discount rule (issue 18): worked out from the two prices.
    discountPercentage: discountPercentFor(input.was ?? null, input.price),
    condition: input.condition ?? 'New',
    // "Sold" is not stored: it follows the stock (issue 18), so a sold product is a listed one with none on hand.
    status: sold ? 'active' : (input.status ?? 'active'),
    stock: sold ? 0 : input.stock,
    isHot: tags.has('hot'),
    isAuction: tags.has('auction'),
    isTopPick,
    isExclusive: tags.has('exclusive'),
    isMembership: false,
    image: `${IMAGE_DIR}/${slug}.svg`,
    galleryImages: views.map((view) => `${IMAGE_DIR}/${slug}-${view}.svg`),
  };
}

const premiumMembership: SeedProduct = {
  name: 'Premium Membership (1 year)',
  description:
    'One year of Bilum Premium: bid in Exclusive Member auctions, buy Exclusive Member hot deals and get early access to new stock. Activated on your account as soon as payment clears.',
  category: 'accessories',
  priceToea: 20050,
  originalPriceToea: null,
  discountPercentage: 0,
  condition: 'New',
  status: 'active',
  stock: 1_000_000,
  isHot: false,
  isAuction: false,
  isTopPick: false,
  isExclusive: false,
  isMembership: true,
  image: `${IMAGE_DIR}/premium-membership.svg`,
  galleryImages: [],
};

export const seedProducts: SeedProduct[] = [
  // id 1: hero slide 1.
  product({
    name: 'HP Pavilion 15 Laptop',
    description:
      '15.6" Full HD laptop with Intel Core i5, 8GB RAM and 512GB SSD. Light enough for the PMV ride to class or the office, with a battery that lasts through the power cuts.',
    category: 'computers',
    price: kina(3299),
    was: kina(3699),
    stock: 12,
    tags: ['topPick'],
  }),
  // id 2: hero slide "Exclusive Member Auction".
  product({
    name: 'Samsung 55" Crystal UHD Smart TV',
    description:
      '55-inch 4K Crystal UHD smart TV with Netflix and YouTube built in. Bid as a member and watch the Kumuls in crisp detail. Wall bracket and HDMI cable included.',
    category: 'accessories',
    price: kina(3899),
    stock: 3,
    tags: ['auction', 'exclusive'],
  }),
  // id 3: hero slide "Exclusive Member Hot Deal".
  product({
    name: 'GoPro HERO12 Black',
    description:
      'Waterproof to 10 m with HyperSmooth stabilisation and 5.3K video. Made for Milne Bay reef dives, surfing at Tupira and bumpy Highlands road trips. Member-only hot deal.',
    category: 'cameras',
    price: kina(2149),
    was: kina(2499),
    stock: 8,
    tags: ['hot', 'exclusive'],
  }),
  product({
    name: 'Samsung Galaxy A15 128GB',
    description:
      '6.5" Super AMOLED display, 50MP camera and a 5000mAh battery that lasts all day. Dual SIM, works on the Digicel and bmobile 4G networks.',
    category: 'phones',
    price: kina(749),
    was: kina(849),
    stock: 25,
    tags: ['hot'],
  }),
  product({
    name: 'Toyota Hilux SR5 Double Cab 2.8L Diesel',
    description:
      'Brand-new 2.8L turbo diesel 4x4 with six-speed auto, rear diff lock and tow bar. The workhorse of PNG, built for Highlands roads and plantation tracks. Dealer warranty included.',
    category: 'vehicles',
    price: kina(239000),
    stock: 2,
    tags: ['topPick'],
  }),
  product({
    name: 'itel A70',
    description:
      'Budget smartphone with a 6.6" screen, 4000mAh battery and face unlock. Dual SIM for Digicel and bmobile, ideal as a first phone or a reliable backup.',
    category: 'phones',
    price: kina(299),
    stock: 25,
    tags: ['hot'],
  }),
  product({
    name: 'Lenovo IdeaPad Slim 3 Laptop',
    description:
      'AMD Ryzen 5, 8GB RAM and 512GB SSD in a slim 1.6 kg body. Great for school assignments, spreadsheets and video calls with family overseas.',
    category: 'computers',
    price: kina(2499),
    stock: 10,
  }),
  product({
    name: 'Canon EOS 2000D DSLR with 18-55mm Lens',
    description:
      '24MP entry DSLR with Wi-Fi sharing and an 18-55mm kit lens. Perfect for weddings, church events and the Goroka Show. Strap, battery and charger included.',
    category: 'cameras',
    price: kina(1899),
    was: kina(2199),
    stock: 6,
    tags: ['topPick'],
  }),
  product({
    name: 'Solar Power Bank 20000mAh',
    description:
      'Rugged, splash-proof power bank with a built-in solar panel and LED torch. Keeps phones charged in villages without mains power and during blackouts in town.',
    category: 'accessories',
    price: kina(129),
    was: kina(159),
    stock: 25,
    tags: ['hot'],
  }),
  product({
    name: 'Yamaha AG125 Farm Motorbike',
    description:
      'Tough 125cc agricultural bike with high ground clearance, rear rack and crash bars. Easy to fix and fuel-efficient on muddy village and plantation roads.',
    category: 'vehicles',
    price: kina(12900),
    stock: 3,
  }),
  product({
    name: 'iPhone 15 128GB',
    description:
      '6.1" Super Retina display, 48MP main camera and USB-C charging. Unlocked and ready for a Digicel or bmobile nano-SIM or eSIM. One-year warranty.',
    category: 'phones',
    price: kina(4699),
    stock: 7,
    tags: ['topPick'],
  }),
  product({
    name: 'Dell Inspiron 15 3530 Laptop',
    description:
      'Intel Core i7, 16GB RAM and 512GB SSD with a 120Hz 15.6" screen. A dependable business laptop with a full-size keyboard and numeric pad.',
    category: 'computers',
    price: kina(2899),
    stock: 9,
  }),
  product({
    name: 'DJI Mini 4 Pro Drone',
    description:
      'Under-249 g drone with 4K HDR video, all-round obstacle sensing and 34-minute flights. Capture the Sepik River and coastal villages from the sky.',
    category: 'cameras',
    price: kina(3999),
    stock: 4,
    tags: ['hot', 'topPick'],
  }),
  product({
    name: 'Huawei E5576 4G Pocket Wi-Fi',
    description:
      'Pocket hotspot that shares one 4G SIM with up to 16 devices. Works with Digicel and bmobile data plans, with a battery that lasts a full working day.',
    category: 'accessories',
    price: kina(189),
    stock: 20,
  }),
  product({
    name: 'Toyota Land Cruiser 76 Wagon (2016)',
    description:
      'Pre-owned 4.5L V8 diesel wagon with snorkel, bull bar and 148,000 km. Serviced in Lae, runs perfectly and ready for any Highlands road. Open for bids.',
    category: 'vehicles',
    price: kina(215000),
    condition: PRE_OWNED,
    stock: 1,
    tags: ['auction'],
  }),
  product({
    name: 'Tecno Spark 20 Pro',
    description:
      '6.78" 120Hz display, 108MP camera and 33W fast charging. A stylish big-battery phone that works on the Digicel and bmobile networks.',
    category: 'phones',
    price: kina(699),
    stock: 18,
  }),
  // Price boundary: K499.99, just under the K500 band.
  product({
    name: 'HP DeskJet Ink Advantage 2875 Printer',
    description:
      'All-in-one printer: print, scan and copy over Wi-Fi from your phone or laptop. Low-cost HP ink cartridges make it a good fit for home, school and small offices.',
    category: 'computers',
    price: kina(499.99),
    stock: 15,
  }),
  // Price boundary: exactly K1,000.00.
  product({
    name: 'Hikvision 4-Camera CCTV Kit with 1TB DVR',
    description:
      'Four 1080p day/night cameras, a 1TB DVR and 20 m cables. Keep watch over your shop, store or house and view live footage on your phone from anywhere.',
    category: 'cameras',
    price: kina(1000),
    stock: 6,
  }),
  product({
    name: 'JBL Flip 6 Bluetooth Speaker',
    description:
      'Waterproof, dustproof portable speaker with bold JBL sound and 12 hours of playtime. Take the music to the beach, the village or the haus win.',
    category: 'accessories',
    price: kina(549),
    was: kina(649),
    stock: 14,
    tags: ['hot'],
  }),
  product({
    name: 'Toyota Hiace Commuter 14-Seater Van',
    description:
      '3.0L diesel 14-seat commuter, the favourite of PMV operators, schools and tour groups. Air-conditioned, high roof and heavy-duty suspension.',
    category: 'vehicles',
    price: kina(189000),
    stock: 2,
  }),
  product({
    name: 'Samsung Galaxy S24 Ultra 256GB',
    description:
      'Samsung\'s flagship with built-in S Pen, 200MP camera and Galaxy AI. Titanium frame, 6.8" display and top speeds on Digicel and bmobile 4G.',
    category: 'phones',
    price: kina(5499),
    was: kina(5999),
    stock: 5,
    tags: ['topPick'],
  }),
  product({
    name: 'Acer Aspire 5 Laptop',
    description:
      'Intel Core i5, 8GB RAM and 512GB SSD with a backlit keyboard. A solid all-rounder for students and home offices at a friendly price.',
    category: 'computers',
    price: kina(2199),
    stock: 8,
  }),
  product({
    name: 'Sony Alpha a6400 Mirrorless Camera',
    description:
      '24MP mirrorless camera with real-time eye autofocus and a flip-up screen, sold with a 16-50mm lens. Compact for travel, excellent for vlogging and events.',
    category: 'cameras',
    price: kina(3599),
    stock: 3,
    tags: ['topPick'],
  }),
  product({
    name: 'Samsung Galaxy Buds FE',
    description:
      'Wireless earbuds with active noise cancelling and a comfortable wing-tip fit. Pairs instantly with Galaxy phones, with up to 21 hours of play using the case.',
    category: 'accessories',
    price: kina(399),
    stock: 20,
  }),
  product({
    name: 'Nissan Navara NP300 Double Cab (2018)',
    description:
      'Pre-owned 2.5L diesel 4x4 with canopy and 96,000 km, well maintained in Port Moresby. This one has been sold; ask us about similar vehicles.',
    category: 'vehicles',
    price: kina(89000),
    condition: PRE_OWNED,
    status: 'sold',
    stock: 0,
  }),
  // Price boundary: exactly K500.00.
  product({
    name: 'Nokia C32',
    description:
      '6.5" screen, 50MP camera and a battery that lasts up to three days. Toughened glass back and dual SIM for Digicel and bmobile.',
    category: 'phones',
    price: kina(500),
    stock: 20,
  }),
  // Price boundary: K1,000.01, just over the K1,000 band.
  product({
    name: 'Samsung Galaxy Tab A9+ 64GB',
    description:
      '11" tablet with quad speakers and a smooth 90Hz screen. Great for schoolwork, streaming and video calls. Wi-Fi model that pairs nicely with a pocket Wi-Fi.',
    category: 'computers',
    price: kina(1000.01),
    stock: 11,
  }),
  product({
    name: 'Nikon D850 DSLR Body (Pre-owned)',
    description:
      'Professional 45.7MP full-frame DSLR with only 18,000 shutter actuations, carefully used by a Port Moresby studio. Two batteries included. Open for bids.',
    category: 'cameras',
    price: kina(5499),
    condition: PRE_OWNED,
    stock: 1,
    tags: ['auction'],
  }),
  product({
    name: 'TP-Link Archer AX23 Wi-Fi 6 Router',
    description:
      'Dual-band Wi-Fi 6 router with four antennas for strong coverage across the whole house. Connect your fibre or fixed wireless service and share it with the family.',
    category: 'accessories',
    price: kina(349),
    stock: 12,
  }),
  product({
    name: 'Honda XR150L Motorbike',
    description:
      'Reliable 150cc trail bike with electric start and long-travel suspension. Handles gravel, river crossings and steep Highlands roads with ease.',
    category: 'vehicles',
    price: kina(14500),
    was: kina(15900),
    stock: 3,
    tags: ['hot'],
  }),
  // id 31: member slider.
  product({
    name: 'Samsung Galaxy A55 5G 256GB',
    description:
      '6.6" Super AMOLED screen, 50MP camera with night mode and IP67 water resistance. 5G-ready, and fast on Digicel and bmobile 4G today.',
    category: 'phones',
    price: kina(1899),
    was: kina(2099),
    stock: 15,
    tags: ['topPick'],
  }),
  product({
    name: 'Dell 24" Full HD Monitor',
    description:
      '24-inch Full HD monitor with slim bezels, HDMI and VGA inputs and a low blue light mode. An ideal second screen for laptops and office desktops.',
    category: 'computers',
    price: kina(649),
    stock: 10,
  }),
  product({
    name: 'Canon PowerShot SX740 HS Compact Camera',
    description:
      'Pocket camera with 40x optical zoom and 4K video. Zoom in on birds of paradise in the treetops or the dancers at a sing-sing.',
    category: 'cameras',
    price: kina(1299),
    stock: 5,
  }),
  product({
    name: 'Anker 65W USB-C Fast Charger',
    description:
      'Compact GaN charger with two USB-C ports and one USB-A port that powers a laptop and a phone at once. PNG/Australian three-pin plug.',
    category: 'accessories',
    price: kina(179),
    stock: 25,
  }),
  product({
    name: 'Yamaha 40HP Enduro Outboard Motor',
    description:
      'Tough two-stroke 40HP outboard, the choice of banana boat owners across the coastal provinces and islands. Simple to maintain and easy on fuel. Open for bids.',
    category: 'vehicles',
    price: kina(28900),
    stock: 2,
    tags: ['auction'],
  }),
  product({
    name: 'Huawei nova 12i',
    description:
      '6.7" 90Hz display, 108MP camera and 40W SuperCharge. A slim design with 4G on Digicel and bmobile, and a protective case in the box.',
    category: 'phones',
    price: kina(899),
    stock: 12,
  }),
  // id 37: member slider.
  product({
    name: 'Lenovo IdeaCentre AIO 3 24" Desktop',
    description:
      'All-in-one desktop with a 23.8" Full HD screen, Intel Core i5, 16GB RAM and 512GB SSD. Keyboard and mouse included; perfect for reception desks and home offices.',
    category: 'computers',
    price: kina(2799),
    was: kina(3099),
    stock: 6,
    tags: ['topPick'],
  }),
  product({
    name: 'DJI Osmo Action 4',
    description:
      'Action camera with a large sensor for clean low-light video and 18 m waterproofing. Two screens make it easy to film yourself on the boat or the trail.',
    category: 'cameras',
    price: kina(1499),
    stock: 5,
  }),
  product({
    name: 'SanDisk Extreme 128GB microSD Card',
    description:
      'Fast A2 microSD card for 4K video in action cameras and drones, and extra room for photos on your phone. SD adapter included.',
    category: 'accessories',
    price: kina(89),
    stock: 25,
  }),
  product({
    name: 'Toyota Land Cruiser Prado GX',
    description:
      '2.8L diesel seven-seater with full-time 4WD and a comfortable ride. A family SUV as happy on the Magi Highway as on the road to Kokopo.',
    category: 'vehicles',
    price: kina(265000),
    stock: 1,
  }),
  product({
    name: 'Samsung Galaxy A05 64GB',
    description:
      'Affordable Samsung with a 6.7" screen, 50MP camera and 5000mAh battery. Dual SIM, works on the Digicel and bmobile 4G networks.',
    category: 'phones',
    price: kina(399),
    stock: 25,
  }),
  // id 42: member slider.
  product({
    name: 'Canon EOS R50 Mirrorless Kit',
    description:
      '24MP mirrorless camera with 4K video, fast subject tracking and an 18-45mm lens. Light and simple to use: a great step up from phone photos.',
    category: 'cameras',
    price: kina(2899),
    was: kina(3299),
    stock: 4,
    tags: ['topPick'],
  }),
  product({
    name: 'Apple MacBook Air M2 13" (Refurbished)',
    description:
      'Refurbished to full working order with a new battery and a 6-month warranty. M2 chip, 8GB RAM, 256GB SSD and up to 18 hours of battery life.',
    category: 'computers',
    price: kina(3499),
    was: kina(3999),
    condition: 'Refurbished',
    stock: 4,
    tags: ['hot'],
  }),
  product({
    name: 'Samsung Galaxy Watch6 40mm',
    description:
      'Smartwatch with heart rate, sleep tracking and a sapphire crystal screen. Get call and message alerts from your Galaxy phone right on your wrist.',
    category: 'accessories',
    price: kina(899),
    stock: 9,
  }),
  product({
    name: 'Suzuki DR200SE Trail Bike (Pre-owned)',
    description:
      'Pre-owned 200cc trail bike with 21,000 km, new tyres and chain. Sold to a customer in Mount Hagen; ask us about similar bikes.',
    category: 'vehicles',
    price: kina(9900),
    condition: PRE_OWNED,
    status: 'sold',
    stock: 0,
  }),
  product({
    name: 'Tecno Camon 30',
    description:
      '6.78" AMOLED display, 50MP selfie camera and 70W fast charging. Style and camera power for less, on the Digicel and bmobile networks.',
    category: 'phones',
    price: kina(1099),
    stock: 10,
  }),
  product({
    name: 'Epson EcoTank L3250 Printer',
    description:
      'Ink-tank printer that prints thousands of pages from one set of bottles. Wi-Fi print, scan and copy for schools, churches and busy offices.',
    category: 'computers',
    price: kina(899),
    was: kina(999),
    stock: 8,
  }),
  product({
    name: 'Hikvision ColorVu Outdoor Bullet Camera',
    description:
      'Weatherproof 4MP camera that records in full colour at night. Adds another view to your existing Hikvision CCTV system.',
    category: 'cameras',
    price: kina(349),
    stock: 15,
  }),
  product({
    name: 'Samsung 25W Super Fast Charger',
    description:
      'Official Samsung 25W USB-C wall charger with a PNG/Australian plug. Charges compatible Galaxy phones to 50% in about 30 minutes.',
    category: 'accessories',
    price: kina(89),
    stock: 25,
  }),
  product({
    name: 'Toyota Hilux Workmate Single Cab (2015)',
    description:
      'Pre-owned 2.7L petrol single cab with steel tray and 170,000 km. A reliable work ute for market runs and building sites. Open for bids.',
    category: 'vehicles',
    price: kina(79000),
    condition: PRE_OWNED,
    stock: 1,
    tags: ['auction'],
  }),
  product({
    name: 'iPhone 14 Pro 256GB (Pre-owned)',
    description:
      'Pre-owned in excellent condition with 89% battery health, box and cable, tested on Digicel and bmobile. Sold, but new stock arrives often.',
    category: 'phones',
    price: kina(2999),
    condition: PRE_OWNED,
    status: 'sold',
    stock: 0,
  }),
  product({
    name: 'HP 250 G10 Laptop',
    description:
      'Business laptop with Intel Core i3, 8GB RAM and 256GB SSD. A spill-resistant keyboard and tough chassis for everyday office use.',
    category: 'computers',
    price: kina(1999),
    status: 'inactive',
    stock: 5,
  }),
  product({
    name: 'GoPro HERO11 Black (Refurbished)',
    description:
      'GoPro-certified refurbished HERO11 with 5.3K video, two batteries and a 6-month warranty. Waterproof to 10 m without a housing.',
    category: 'cameras',
    price: kina(1199),
    was: kina(1499),
    condition: 'Refurbished',
    stock: 3,
  }),
  product({
    name: 'Oraimo FreePods 4 Earbuds',
    description:
      'Noise-cancelling wireless earbuds with deep bass and 35 hours of total playtime. Sweat-resistant for the gym, the bus or the garden.',
    category: 'accessories',
    price: kina(149),
    stock: 25,
    tags: ['hot'],
  }),
  product({
    name: 'Yamaha YBR125 Motorbike',
    description:
      'Economical 125cc road bike, easy to ride and cheap to run in town. This unit has been sold; more are arriving soon.',
    category: 'vehicles',
    price: kina(11900),
    status: 'sold',
    stock: 0,
  }),
  product({
    name: 'Samsung Galaxy Z Flip5 256GB',
    description:
      'Folding phone with a big 3.4" cover screen and hands-free Flex Mode camera. Compact in your pocket and works on Digicel and bmobile. Member-only offer.',
    category: 'phones',
    price: kina(3999),
    was: kina(4699),
    stock: 3,
    tags: ['exclusive'],
  }),
  product({
    name: 'Lenovo Tab M10 Tablet',
    description:
      '10.1" HD tablet with Dolby Atmos speakers and a kids mode. A simple, sturdy tablet for reading, lessons and video calls.',
    category: 'computers',
    price: kina(699),
    stock: 10,
  }),
  product({
    name: 'DJI Mavic 3 Classic Drone (Pre-owned)',
    description:
      'Pre-owned Mavic 3 Classic with Hasselblad camera, three batteries and carry bag. 46-minute flights, ideal for survey and tourism work. Open for bids.',
    category: 'cameras',
    price: kina(4499),
    condition: PRE_OWNED,
    stock: 1,
    tags: ['auction'],
  }),
  product({
    name: 'Huawei B311 4G Home Router',
    description:
      'Plug-in 4G router for homes and small offices. Insert a Digicel or bmobile SIM and share fast internet with up to 32 devices over Wi-Fi.',
    category: 'accessories',
    price: kina(299),
    stock: 12,
  }),
  product({
    name: 'Toyota Land Cruiser 79 Double Cab GXL',
    description:
      'New 4.5L V8 turbo diesel double cab with snorkel, diff locks and steel tray. Legendary toughness for Highlands roads and mine sites. Exclusive to members.',
    category: 'vehicles',
    price: kina(349000),
    stock: 1,
    tags: ['exclusive'],
  }),
  product({
    name: 'Nokia 105 (2023)',
    description:
      'Classic keypad phone with FM radio, torch and a battery that lasts for weeks. Dual SIM, simple and tough; ideal for parents and village use.',
    category: 'phones',
    price: kina(89),
    stock: 25,
  }),
  product({
    name: 'Dell OptiPlex 7010 Desktop (Refurbished)',
    description:
      'Refurbished business desktop with Intel Core i5, 16GB RAM, 512GB SSD and a 22" monitor. Sold; more refurbished units are on the way.',
    category: 'computers',
    price: kina(1299),
    condition: 'Refurbished',
    status: 'sold',
    stock: 0,
  }),
  product({
    name: 'Nikon Coolpix P950 Superzoom Camera',
    description:
      '83x optical zoom bridge camera for wildlife and sport. Photograph birds and faraway surf breaks with ease. Temporarily unavailable.',
    category: 'cameras',
    price: kina(2899),
    status: 'inactive',
    stock: 2,
  }),
  product({
    name: 'UAG Rugged Case for iPhone 15',
    description:
      'Drop-tested rugged case with raised edges to protect the screen and camera. Grippy, light and built for life on the move.',
    category: 'accessories',
    price: kina(129),
    stock: 20,
  }),
  product({
    name: 'Yamaha 15HP 2-Stroke Outboard Motor',
    description:
      'Light, portable 15HP outboard for dinghies and small banana boats. Easy pull start; ideal for fishing and short island trips.',
    category: 'vehicles',
    price: kina(10900),
    stock: 3,
    tags: ['hot'],
  }),
  product({
    name: 'Infinix Hot 40i',
    description:
      '6.56" 90Hz display, 50MP camera and 5000mAh battery with 18W fast charging. A great-value phone for Digicel and bmobile users.',
    category: 'phones',
    price: kina(449),
    was: kina(499),
    stock: 20,
  }),
  product({
    name: 'Sony WH-CH720N Headphones',
    description:
      'Lightweight wireless headphones with noise cancelling and up to 35 hours of battery. Comfortable on long flights from Jacksons to Cairns or Manila.',
    category: 'accessories',
    price: kina(599),
    stock: 8,
  }),
  product({
    name: 'Tapo C200 Wi-Fi Home Security Camera',
    description:
      'Pan and tilt indoor camera with night vision, motion alerts and two-way audio. Check on your home or shop from your phone, wherever you are.',
    category: 'cameras',
    price: kina(129),
    stock: 15,
  }),
  product({
    name: 'Isuzu D-Max Double Cab 3.0L',
    description:
      'New 3.0L turbo diesel 4x4 double cab with 3.5 tonne towing. A strong, fuel-efficient ute for business and family.',
    category: 'vehicles',
    price: kina(185000),
    stock: 2,
    tags: ['hot'],
  }),
  // Always last.
  premiumMembership,
];

export const heroProductIds = { laptop: 1, smartTv: 2, actionCamera: 3 } as const;
export const memberSliderIds = [31, 37, 42] as const;
