// Layout check of a report page, run by ReportLayoutTest in headless Chromium: every folded
// section opened, then one line per problem written into <pre id="layout-check"> ("OK" when none):
// the page or an element wider than the window, a box whose content is cut off, a picture's text
// outside its picture (clipped), two texts of one picture on top of each other, a text drawn too
// small to read.
(function () {
  document.querySelectorAll('details').forEach(function (d) { d.open = true; });
  var out = [];
  var vw = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > vw + 1) {
    out.push('the page is wider than the window: ' + document.documentElement.scrollWidth + ' > ' + vw);
  }
  var name = function (e) {
    return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' "' + (e.textContent || '').trim().slice(0, 40) + '"';
  };
  document.querySelectorAll('body *:not(svg *)').forEach(function (e) {
    var r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) {
      return;
    }
    if (r.right > vw + 1) {
      out.push('sticks out of the window (right edge ' + Math.round(r.right) + ' > ' + vw + '): ' + name(e));
    }
    var ox = getComputedStyle(e).overflowX;
    if (ox !== 'visible' && e.scrollWidth > e.clientWidth + 1 && e.tagName.toLowerCase() !== 'svg') {
      out.push('content cut off (' + e.scrollWidth + ' in ' + e.clientWidth + '): ' + name(e));
    }
  });
  document.querySelectorAll('svg.step, svg.chart').forEach(function (svg) {
    var box = svg.getBoundingClientRect();
    var texts = [];
    svg.querySelectorAll('text').forEach(function (t) {
      var r = t.getBoundingClientRect();
      if (r.width > 0) {
        texts.push([t, r]);
      }
    });
    texts.forEach(function (x) {
      var r = x[1];
      if (r.right > box.right + 1 || r.bottom > box.bottom + 1 || r.left < box.left - 1 || r.top < box.top - 1) {
        out.push('text outside its picture ' + svg.id + ': "' + x[0].textContent + '"');
      }
      if (r.height < 9) {
        out.push('text too small (' + r.height.toFixed(1) + ' px high) in ' + svg.id + ': "' + x[0].textContent + '"');
      }
    });
    for (var i = 0; i < texts.length; i++) {
      for (var j = i + 1; j < texts.length; j++) {
        var a = texts[i][1], b = texts[j][1];
        var w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        var h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 2 && h > 3) {
          out.push('texts overlap in ' + svg.id + ': "' + texts[i][0].textContent + '" and "' + texts[j][0].textContent + '"');
        }
      }
    }
  });
  var pre = document.createElement('pre');
  pre.id = 'layout-check';
  pre.textContent = out.length ? out.join('\n') : 'OK';
  document.body.appendChild(pre);
})();
