/** Word lists for the scenario: schools, Chart of Accounts, catalogue, people (some non-ASCII, all letters only). */

export const SCHOOL_NAMES = [
  'Lincoln Elementary',
  'Roosevelt Middle School',
  'Jefferson High School',
  'César Chávez Elementary',
  'Washington Elementary',
  'Franklin Academy',
  'Madison Middle School',
  'Kennedy High School',
];

export const GL_ACCOUNT_LABELS: ReadonlyArray<readonly [label: string, function_: string, object_: string]> = [
  ['Yearbook Sales', '2700', '1990'],
  ['Field Trips', '2700', '1920'],
  ['Athletics Fees', '2800', '1750'],
  ['Lunch Program', '3100', '1610'],
  ['Band and Orchestra', '2750', '1920'],
  ['Library Fines', '2220', '1990'],
  ['Technology Fee', '2230', '1990'],
  ['Student Activities', '2700', '1700'],
  ['PTO Donations', '2700', '1920'],
  ['Graduation Fees', '2700', '1990'],
  ['Spirit Wear', '2700', '1790'],
  ['Summer School', '1300', '1310'],
  ['Driver Education', '1400', '1310'],
  ['Lost Textbooks', '2220', '1940'],
  ['Science Lab Fees', '1100', '1990'],
  ['Art Supplies', '1100', '1920'],
  ['Before and After Care', '3300', '1990'],
  ['Parking Permits', '2600', '1990'],
  ['Convenience Fees', '2500', '1990'],
  ['Sales Tax Payable', '2500', '2110'],
];

/** How many of the accounts above items may use (the last two are for fees and tax). */
export const ITEM_ACCOUNT_COUNT = 18;

export interface CatalogTemplate {
  title: string;
  /** Index into GL_ACCOUNT_LABELS. */
  gl: number;
  prices: readonly number[];
  type: 'Simple' | 'Recurring' | 'Food Service' | 'Multi';
  taxable?: boolean;
  shippable?: boolean;
}

export const CATALOG_TEMPLATES: readonly CatalogTemplate[] = [
  { title: 'Yearbook', gl: 0, prices: [4500, 5500, 6000], type: 'Simple', taxable: true, shippable: true },
  { title: 'Field trip: Science Museum', gl: 1, prices: [1500, 2500], type: 'Simple' },
  { title: 'Field trip: Zoo', gl: 1, prices: [1200, 1800], type: 'Simple' },
  { title: 'Athletics participation fee', gl: 2, prices: [5000, 7500, 15000], type: 'Simple' },
  { title: 'Lunch account deposit', gl: 3, prices: [1000, 2000, 2500, 5000, 10000], type: 'Food Service' },
  { title: 'Band instrument rental', gl: 4, prices: [3500, 4500], type: 'Recurring' },
  { title: 'Library fine', gl: 5, prices: [150, 350, 750, 1250], type: 'Simple' },
  { title: 'Technology fee', gl: 6, prices: [2500, 4000], type: 'Simple' },
  { title: 'Club dues', gl: 7, prices: [1000, 1500], type: 'Simple' },
  { title: 'PTO donation', gl: 8, prices: [1000, 2500, 5000, 10000], type: 'Simple' },
  { title: 'Cap and gown', gl: 9, prices: [3850, 4250], type: 'Simple', taxable: true },
  { title: 'Spirit T-shirt', gl: 10, prices: [1500, 1850, 2250], type: 'Multi', taxable: true, shippable: true },
  { title: 'Summer school tuition', gl: 11, prices: [15000, 22500], type: 'Simple' },
  { title: 'Driver education course', gl: 12, prices: [27500, 32500], type: 'Simple' },
  { title: 'Lost textbook', gl: 13, prices: [4500, 8950, 12000], type: 'Simple' },
  { title: 'Science lab fee', gl: 14, prices: [1500, 2000], type: 'Simple' },
  { title: 'Art supply fee', gl: 15, prices: [1000, 1250], type: 'Simple' },
  { title: 'After care, weekly', gl: 16, prices: [6500, 8500], type: 'Recurring' },
  { title: 'Parking permit', gl: 17, prices: [5000, 7500], type: 'Simple' },
];

export const FIRST_NAMES = [
  'Maria',
  'James',
  'Emily',
  'Michael',
  'Sarah',
  'David',
  'Jessica',
  'Daniel',
  'Ashley',
  'Chris',
  'Jennifer',
  'Robert',
  'Linda',
  'Kevin',
  'Angela',
  'Brian',
  'Laura',
  'Jason',
  'Megan',
  'Eric',
  'José',
  'Zoë',
  'Chloé',
  'François',
  'Søren',
  'Björk',
  'Łukasz',
  'Renée',
  'Dvořák',
  'Ángel',
];
export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Martin',
  'Jackson',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'García',
  'Müller',
  'Nguyễn',
  'Peña',
  'Lefèvre',
  'Ødegård',
  'Guðmundsdóttir',
  'Wałęsa',
  'Núñez',
  'Çelik',
];
export const STREETS = ['Oak St', 'Maple Ave', 'Elm St', 'Cedar Ln', 'Pine Rd', 'Birch Ct', 'Lake Dr', 'Hill St'];
export const CITIES = ['Springfield', 'Riverton', 'Fairview', 'Oak Park', 'Lakeside'];
