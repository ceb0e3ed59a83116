-- The pandoc filter of tools/render-spec: turns one spec chapter (read as GitHub-flavoured
-- Markdown) into the HTML body of its page. It
--   * gives every requirement an anchor named by its id (`<a id="FRAME-OPEN-3"
--     href="#FRAME-OPEN-3">`), so reports can link `<chapter>.html#<ID>` (ADP-81);
--   * rewrites links between Markdown files to the rendered pages (`x.md#y` -> `x.html#y`,
--     a directory `kit/` -> `kit/README.html`);
--   * replaces a paragraph `Diagram: [caption](diagrams/name.dot)` by the graph drawn inline as
--     SVG with graphviz (the Markdown keeps a readable link to the source);
--   * links every mention of a requirement id in the text (`(FRAME-OPEN-1)`, a table cell
--     `HS-4-2`) to its anchor, on this page or another: the index of ids and pages is the file
--     named by the environment variable RENDER_SPEC_REQUIREMENTS (lines `<ID> <page>.html`);
--   * gives every code block a copy button whose value is exact: a block of labelled values
--     (`k_hs  (32 bytes)` and its wrapped hex lines, chapter 10) gets one button per value that
--     copies the value without its line breaks.
-- Everything here is a pure function of the input files, so the output is deterministic.

-- `**[ID]**`, the requirement marker of spec/README.md: upper-case parts joined by `-`, the
-- last one a number (the same grammar as the kit's RequirementReader).
local function requirement_id(text)
  local id = text:match("^%[([A-Z][A-Z0-9%-]*%-[0-9]+)%]$")
  if not id or id:find("%-%-") then return nil end
  return id
end

--- The requirement marker that opens a paragraph or list item becomes a visible self-link
--- carrying the id as its anchor.
local function anchor_requirement(block)
  local first = block.content[1]
  if not first or first.t ~= "Strong" or #first.content ~= 1 or first.content[1].t ~= "Str" then
    return nil
  end
  local id = requirement_id(first.content[1].text)
  if not id then return nil end
  block.content[1] = pandoc.Link({first}, "#" .. id, "requirement " .. id, pandoc.Attr(id, {"req"}))
  return block
end

local input_directory = pandoc.path.directory(PANDOC_STATE.input_files[1] or ".")

local function readable(path)
  local file = io.open(path, "r")
  if file then file:close() end
  return file ~= nil
end

-- A link to another Markdown file of the spec points to its rendered page instead; links that
-- leave the document (a scheme such as https:, or mailto:) are left alone.
local function rewrite_link(link)
  local target = link.target
  if target:match("^[%a][%w+.-]*:") or target:sub(1, 1) == "#" then return nil end
  local path, fragment = target:match("^([^#]*)(#?.*)$")
  if path:match("%.md$") then
    link.target = path:sub(1, -4) .. ".html" .. fragment
  elseif path:sub(-1) == "/" and readable(pandoc.path.join({input_directory, path, "README.md"})) then
    link.target = path .. "README.html" .. fragment
  end
  return link
end

local function escape_html(text)
  return (text:gsub("&", "&amp;"):gsub("<", "&lt;"):gsub(">", "&gt;"):gsub('"', "&quot;"))
end

-- The SVG that `dot` draws, cut to its <svg> element (no XML prolog, doctype or comments) and
-- with its element ids prefixed by the diagram's name, so two diagrams on one page never share
-- an id (graphviz numbers `graph0`, `node1`, ... from 0 in every file).
local function inline_svg(dot_path, name)
  local svg = pandoc.pipe("dot", {"-Tsvg", dot_path}, "")
  svg = svg:gsub("<%?xml.-%?>", ""):gsub("<!DOCTYPE.->", ""):gsub("<!%-%-.-%-%->", "")
  svg = svg:gsub(' id="', ' id="diagram-' .. name .. '-')
  svg = svg:gsub("^%s+", ""):gsub("%s+$", "")
  return svg
end

--- `Diagram: [caption](diagrams/name.dot)` alone in a paragraph: the drawn graph with its caption
--- and a link to the source.
local function diagram(para)
  local c = para.content
  if #c ~= 3 or c[1].t ~= "Str" or c[1].text ~= "Diagram:" or c[2].t ~= "Space" or c[3].t ~= "Link" then
    return nil
  end
  local target = c[3].target
  local name = target:match("([%w-]+)%.dot$")
  if not name then return nil end
  local caption = pandoc.write(pandoc.Pandoc({pandoc.Plain(c[3].content)}), "html")
  local html = '<figure class="diagram" id="diagram-' .. name .. '">\n'
    .. inline_svg(pandoc.path.join({input_directory, target}), name) .. "\n"
    .. "<figcaption>" .. caption .. ' (<a href="' .. escape_html(target) .. '">graphviz source</a>)</figcaption>\n'
    .. "</figure>"
  return pandoc.RawBlock("html", html)
end

local function copy_button(value)
  return '<button type="button" class="copy" data-copy="' .. escape_html(value) .. '" title="copy this value">copy</button>'
end

local function lines_of(text)
  local lines = {}
  for line in (text .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = line end
  return lines
end

-- A wrapped value is hex or base64url split over lines; copied, it is one line again.
local function is_value_line(line)
  return line:match("^[%w_-]+$") ~= nil
end

--- Labelled values (`name  (N bytes)` followed by value lines) as one row each with its own copy
--- button; nil when the block is anything else.
local function labelled_values(lines)
  local rows, current = {}, nil
  for _, line in ipairs(lines) do
    if line:match("^%S.-%s%s+%(%d+ [%w]+%)$") then
      current = {label = line, values = {}}
      rows[#rows + 1] = current
    elseif current and is_value_line(line) then
      current.values[#current.values + 1] = line
    else
      return nil
    end
  end
  for _, row in ipairs(rows) do
    if #row.values == 0 then return nil end
  end
  return #rows > 0 and rows or nil
end

--- Every code block with a copy button: per value in a block of labelled values, else one for the
--- block (a block of only value lines copies as one unwrapped value).
local function copyable(block)
  local lines = lines_of(block.text)
  local rows = labelled_values(lines)
  if rows then
    local out = {'<div class="values">'}
    for _, row in ipairs(rows) do
      out[#out + 1] = '<div class="value"><div class="value-label"><code>' .. escape_html(row.label) .. "</code>"
        .. copy_button(table.concat(row.values)) .. "</div><pre><code>"
        .. escape_html(table.concat(row.values, "\n")) .. "</code></pre></div>"
    end
    out[#out + 1] = "</div>"
    return pandoc.RawBlock("html", table.concat(out, "\n"))
  end
  local all_values = true
  for _, line in ipairs(lines) do
    if not is_value_line(line) then all_values = false end
  end
  local value = all_values and table.concat(lines) or block.text
  return pandoc.RawBlock("html", '<div class="code">' .. copy_button(value) .. "<pre><code>"
    .. escape_html(block.text) .. "</code></pre></div>")
end

-- The page of every requirement id, relative to the site's root.
local requirement_pages = {}
do
  local index = os.getenv("RENDER_SPEC_REQUIREMENTS")
  local file = index and io.open(index, "r")
  if file then
    for line in file:lines() do
      local id, page = line:match("^(%S+) (%S+)$")
      if id then requirement_pages[id] = page end
    end
    file:close()
  end
end

local current_page = (PANDOC_STATE.input_files[1] or ""):gsub("%.md$", ".html")

-- The link from this page to `page#id`: `#id` on the same page, else a path relative to it.
local function requirement_href(id)
  local page = requirement_pages[id]
  if page == current_page then return "#" .. id end
  local _, depth = current_page:gsub("/", "")
  return string.rep("../", depth) .. page .. "#" .. id
end

--- A word that holds a known requirement id (with punctuation around it, as in `(CHAN-3,`)
--- becomes the punctuation and a link to the id's anchor.
local function link_mention(str)
  local before, id, after = str.text:match("^(.-)([A-Z][A-Z0-9]*%-[A-Z0-9%-]*[0-9])(.*)$")
  if not id or not requirement_pages[id] or before:match("[%w-]$") or after:match("^[%w-]") then
    return nil
  end
  local out = {}
  if before ~= "" then out[#out + 1] = pandoc.Str(before) end
  out[#out + 1] = pandoc.Link({pandoc.Str(id)}, requirement_href(id), "", pandoc.Attr("", {"req-ref"}))
  if after ~= "" then out[#out + 1] = pandoc.Str(after) end
  return out
end

--- The inlines with every mention linked, descending into emphasis and the like but not into
--- links (a requirement's own anchor included): a link inside a link is not HTML. Code is no
--- Str, so it is left alone.
local function link_mentions(inlines)
  local out = pandoc.List()
  for _, inline in ipairs(inlines) do
    if inline.t == "Str" then
      out:extend(link_mention(inline) or {inline})
    else
      if inline.t ~= "Link" and inline.content and inline.t ~= "Note" then
        inline.content = link_mentions(inline.content)
      end
      out:insert(inline)
    end
  end
  return out
end

local function link_block(block)
  block.content = link_mentions(block.content)
  return block
end

return {
  {Para = diagram},
  {Para = anchor_requirement, Plain = anchor_requirement, Link = rewrite_link, CodeBlock = copyable},
  {Para = link_block, Plain = link_block},
}
