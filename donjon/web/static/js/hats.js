// The hat shop's hats, generated from donjon/league/hats.py by
// `python3 -m donjon.server.league_pages`: do not edit by hand.
// Each svg is one <g> in the 45x45 viewBox of the chess pieces, drawn over the king.
export const HATS = {
 "beret": {
  "name_en": "Beret",
  "name_fr": "Béret",
  "name_es": "Boina",
  "price": 100,
  "svg": "<g class=\"hat hat-beret\" stroke=\"#000\" stroke-width=\"1.2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"><path fill=\"#2b3a67\" d=\"M13 11.5c0-4 4.5-6.5 9.5-6.5s9.5 2.5 9.5 6.5c-3 1.2-16 1.2-19 0z\"/><path fill=\"none\" d=\"M22.5 5V3.2\"/></g>"
 },
 "party": {
  "name_en": "Party hat",
  "name_fr": "Chapeau de fête",
  "name_es": "Gorro de fiesta",
  "price": 150,
  "svg": "<g class=\"hat hat-party\" stroke=\"#000\" stroke-width=\"1.2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"><path fill=\"#ff5fa2\" d=\"M16.5 12.5 22.5 1.8l6 10.7c-3.5 1.3-8.5 1.3-12 0z\"/><path fill=\"none\" stroke=\"#fff\" stroke-width=\"1.4\" d=\"M18.6 8.9l6.2 1.7M20.6 5.3l3.6 1\"/><circle cx=\"22.5\" cy=\"1.8\" r=\"1.4\" fill=\"#ffd400\"/></g>"
 },
 "toque": {
  "name_en": "Chef's toque",
  "name_fr": "Toque de chef",
  "name_es": "Gorro de chef",
  "price": 200,
  "svg": "<g class=\"hat hat-toque\" stroke=\"#000\" stroke-width=\"1.2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"><path fill=\"#fff\" d=\"M17 12.8V9.2c-2.6-.6-3.6-4.3-1-5.9 1.4-.9 2.8-.5 3.6.2.8-1.9 4.9-1.9 5.8 0 .8-.7 2.2-1.1 3.6-.2 2.6 1.6 1.6 5.3-1 5.9v3.6c-3.5.7-7.5.7-11 0z\"/><path fill=\"none\" d=\"M17 10.6c3.5.6 7.5.6 11 0\"/></g>"
 },
 "cowboy": {
  "name_en": "Cowboy hat",
  "name_fr": "Chapeau de cow-boy",
  "name_es": "Sombrero vaquero",
  "price": 250,
  "svg": "<g class=\"hat hat-cowboy\" stroke=\"#000\" stroke-width=\"1.2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"><path fill=\"#a0632b\" d=\"M17.2 10.4 18 4.4c1.5-1.4 3-.4 4.5-1.3 1.5.9 3 0 4.5 1.3l.8 6z\"/><path fill=\"#7a4a1e\" d=\"M10.5 9.4c2 3.2 22 3.2 24 0-2.5 5.2-21.5 5.2-24 0z\"/><path fill=\"none\" stroke=\"#e0b060\" stroke-width=\"1\" d=\"M17.6 8.6c3 .7 6.8.7 9.8 0\"/></g>"
 },
 "tricorne": {
  "name_en": "Pirate tricorne",
  "name_fr": "Tricorne de pirate",
  "name_es": "Tricornio pirata",
  "price": 300,
  "svg": "<g class=\"hat hat-tricorne\" stroke=\"#000\" stroke-width=\"1.2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"><path fill=\"#1d1d1d\" d=\"M12 8.5c3.5 1.2 5.5-.5 10.5-4.6 5 4.1 7 5.8 10.5 4.6-1.5 2.4-3 4.2-4.8 4.8-3.8 1-7.6 1-11.4 0-1.8-.6-3.3-2.4-4.8-4.8z\"/><circle cx=\"22.5\" cy=\"8.7\" r=\"1.6\" fill=\"#fff\" stroke-width=\".8\"/><path fill=\"none\" stroke=\"#d4af37\" stroke-width=\".9\" d=\"M13.6 9.6c5.8 3.3 12 3.3 17.8 0\"/></g>"
 },
 "viking": {
  "name_en": "Viking helmet",
  "name_fr": "Casque viking",
  "name_es": "Casco vikingo",
  "price": 400,
  "svg": "<g class=\"hat hat-viking\" stroke=\"#000\" stroke-width=\"1.2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"><path fill=\"#f1e6c8\" d=\"M15.4 9.5c-3.4-.6-5.2-3.8-4.6-7.3 1.3 2.5 3.2 3.4 6 3.7z\"/><path fill=\"#f1e6c8\" d=\"M29.6 9.5c3.4-.6 5.2-3.8 4.6-7.3-1.3 2.5-3.2 3.4-6 3.7z\"/><path fill=\"#9aa3ad\" d=\"M15 12.6c0-5.6 3.2-8.6 7.5-8.6s7.5 3 7.5 8.6c-5 1-10 1-15 0z\"/><path fill=\"#c9a227\" d=\"M14.6 12.6c5.1 1.1 10.7 1.1 15.8 0l-.4-2c-5 1-10 1-15 0z\"/></g>"
 },
 "top_hat": {
  "name_en": "Top hat",
  "name_fr": "Haut-de-forme",
  "name_es": "Sombrero de copa",
  "price": 500,
  "svg": "<g class=\"hat hat-top_hat\" stroke=\"#000\" stroke-width=\"1.2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"><path fill=\"#1d1d1d\" d=\"M17.6 11V2.2c3.2-.8 6.6-.8 9.8 0V11z\"/><path fill=\"#c0392b\" d=\"M17.6 9.1c3.2.6 6.6.6 9.8 0V11c-3.2.6-6.6.6-9.8 0z\"/><path fill=\"#1d1d1d\" d=\"M12.5 11.6c3-1.6 17-1.6 20 0-3 1.8-17 1.8-20 0z\"/></g>"
 },
 "jester": {
  "name_en": "Jester's cap",
  "name_fr": "Bonnet de bouffon",
  "name_es": "Gorro de bufón",
  "price": 600,
  "svg": "<g class=\"hat hat-jester\" stroke=\"#000\" stroke-width=\"1.2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"><path fill=\"#7d3c98\" d=\"M16 12.6 13.5 7 8.8 8.6C11.6 4.2 15 3.2 17.8 5L22.5 12.6z\"/><path fill=\"#27ae60\" d=\"M29 12.6 31.5 7l4.7 1.6C33.4 4.2 30 3.2 27.2 5L22.5 12.6z\"/><path fill=\"#f39c12\" d=\"M18.2 12.6 22.5 1.6l4.3 11z\"/><circle cx=\"8.8\" cy=\"8.6\" r=\"1.3\" fill=\"#ffd400\"/><circle cx=\"36.2\" cy=\"8.6\" r=\"1.3\" fill=\"#ffd400\"/><circle cx=\"22.5\" cy=\"1.8\" r=\"1.3\" fill=\"#ffd400\"/><path fill=\"#fff\" d=\"M14.8 12.4c5 1.3 10.4 1.3 15.4 0l-.4 1.6c-4.9 1.2-9.7 1.2-14.6 0z\"/></g>"
 },
 "santa": {
  "name_en": "Winter bonnet",
  "name_fr": "Bonnet d'hiver",
  "name_es": "Gorro de invierno",
  "price": 700,
  "svg": "<g class=\"hat hat-santa\" stroke=\"#000\" stroke-width=\"1.2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"><path fill=\"#d62828\" d=\"M16 11.5c.3-5.4 3.6-8.6 8-8.6 3.2 0 5.6 2 7 5.4-1.4-1.2-2.8-1.6-4-1.2 1.1 1.2 1.8 2.6 2 4.4z\"/><circle cx=\"31.2\" cy=\"8.6\" r=\"1.8\" fill=\"#fff\"/><path fill=\"#fff\" d=\"M15 11c5-1 10-1 15 0v2.2c-5 1-10 1-15 0z\"/></g>"
 },
 "wizard": {
  "name_en": "Wizard hat",
  "name_fr": "Chapeau de magicien",
  "name_es": "Sombrero de mago",
  "price": 800,
  "svg": "<g class=\"hat hat-wizard\" stroke=\"#000\" stroke-width=\"1.2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"><path fill=\"#3949ab\" d=\"M15.5 11.8 21 3.4c.8-1.4 2.6-2.6 4.8-2-1.9.7-2.5 1.8-2.4 3.2l5.1 7.2z\"/><path fill=\"#3949ab\" d=\"M12.3 12c2.7-1.9 17.7-1.9 20.4 0-2.7 1.9-17.7 1.9-20.4 0z\"/><path fill=\"#ffd400\" stroke-width=\".6\" d=\"M20.6 8.2l.5 1 1.1.1-.8.7.2 1.1-1-.5-1 .5.2-1.1-.8-.7 1.1-.1zM24.5 5.3l.4.8.9.1-.6.6.1.9-.8-.4-.8.4.1-.9-.6-.6.9-.1z\"/></g>"
 },
 "crown": {
  "name_en": "Golden crown",
  "name_fr": "Couronne d'or",
  "name_es": "Corona de oro",
  "price": 1000,
  "svg": "<g class=\"hat hat-crown\" stroke=\"#000\" stroke-width=\"1.2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"><path fill=\"#f5c518\" d=\"M14.5 12.8 13.4 4.6l4.4 3.6 4.7-5.8 4.7 5.8 4.4-3.6-1.1 8.2c-5 1-10 1-15 0z\"/><circle cx=\"13.4\" cy=\"4.6\" r=\"1\" fill=\"#f5c518\"/><circle cx=\"22.5\" cy=\"2.4\" r=\"1\" fill=\"#f5c518\"/><circle cx=\"31.6\" cy=\"4.6\" r=\"1\" fill=\"#f5c518\"/><circle cx=\"22.5\" cy=\"9.6\" r=\"1.3\" fill=\"#d62828\" stroke-width=\".7\"/><circle cx=\"17.9\" cy=\"10.5\" r=\".9\" fill=\"#1e88e5\" stroke-width=\".6\"/><circle cx=\"27.1\" cy=\"10.5\" r=\".9\" fill=\"#1e88e5\" stroke-width=\".6\"/></g>"
 },
 "halo": {
  "name_en": "Halo",
  "name_fr": "Auréole",
  "name_es": "Aureola",
  "price": 1500,
  "svg": "<g class=\"hat hat-halo\" stroke=\"#000\" stroke-width=\"1.2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"><ellipse cx=\"22.5\" cy=\"3.6\" rx=\"8\" ry=\"2.2\" fill=\"none\" stroke=\"#b8860b\" stroke-width=\"2.6\"/><ellipse cx=\"22.5\" cy=\"3.6\" rx=\"8\" ry=\"2.2\" fill=\"none\" stroke=\"#ffe066\" stroke-width=\"1.4\"/></g>"
 }
};
