import DiffableData
import Testing

typealias Outline = DiffableSectionSnapshot<String>
typealias OutlineError = SectionSnapshotError<String>

/// fruit [apple, pear [nashi]], veg [kale]
func sampleOutline() -> Outline {
    var outline = Outline()
    outline.append(["fruit", "veg"])
    outline.append(["apple", "pear"], to: "fruit")
    outline.append(["nashi"], to: "pear")
    outline.append(["kale"], to: "veg")
    return outline
}

@Suite struct SectionSnapshotQueries {
    @Test func treeShape() {
        let outline = sampleOutline()
        #expect(outline.items == ["fruit", "apple", "pear", "nashi", "veg", "kale"])
        #expect(outline.rootItems == ["fruit", "veg"])
        #expect(outline.parent(of: "nashi") == "pear")
        #expect(outline.parent(of: "fruit") == nil)
        #expect(outline.level(of: "nashi") == 2)
        #expect(outline.level(of: "veg") == 0)
        #expect(outline.level(of: "nope") == -1)
        #expect(outline.index(of: "veg") == 4)
        #expect(outline.index(of: "nope") == nil)
        #expect(outline.contains("kale") && !outline.contains("nope"))
    }

    @Test func expansionDecidesVisibility() throws {
        var outline = sampleOutline()
        #expect(outline.visibleItems == ["fruit", "veg"], "items start collapsed")
        #expect(!outline.isVisible("apple"))
        try outline.tryExpand(["fruit"])
        #expect(outline.isExpanded("fruit"))
        #expect(outline.visibleItems == ["fruit", "apple", "pear", "veg"])
        try outline.tryExpand(["pear", "veg"])
        #expect(outline.visibleItems == ["fruit", "apple", "pear", "nashi", "veg", "kale"])
        try outline.tryCollapse(["fruit"])
        #expect(outline.visibleItems == ["fruit", "veg", "kale"])
        #expect(!outline.isVisible("nashi"), "hidden under a collapsed grandparent")
        #expect(outline.isVisible("kale"))
        #expect(!outline.isVisible("nope"))
        #expect(throws: OutlineError(.expand, .itemNotFound("nope"))) { try outline.tryExpand(["nope"]) }
        #expect(throws: OutlineError(.collapse, .itemNotFound("nope"))) { try outline.tryCollapse(["veg", "nope"]) }
        outline.collapse(["veg", "nope"])
        #expect(outline.isExpanded("veg"), "a refused collapse changes nothing")
    }

    @Test func snapshotOfParent() throws {
        var outline = sampleOutline()
        outline.expand(["pear"])
        let fruit = try outline.trySnapshot(of: "fruit")
        #expect(fruit.items == ["apple", "pear", "nashi"])
        #expect(fruit.rootItems == ["apple", "pear"])
        #expect(fruit.isExpanded("pear"))
        let withParent = outline.snapshot(of: "fruit", includingParent: true)
        #expect(withParent.items == ["fruit", "apple", "pear", "nashi"])
        #expect(withParent.level(of: "nashi") == 2)
        #expect(outline.snapshot(of: "kale").items.isEmpty)
        #expect(throws: OutlineError(.snapshotOfParent, .itemNotFound("nope"))) { try outline.trySnapshot(of: "nope") }
    }
}

@Suite struct SectionSnapshotMutations {
    @Test func append() throws {
        var outline = sampleOutline()
        try outline.tryAppend(["plum"], to: "fruit")
        #expect(outline.items == ["fruit", "apple", "pear", "nashi", "plum", "veg", "kale"])
        #expect(outline.parent(of: "plum") == "fruit")
        #expect(outline.index(of: "kale") == 6)
        #expect(throws: OutlineError(.append, .duplicateItem("apple"))) { try outline.tryAppend(["apple"]) }
        #expect(throws: OutlineError(.append, .duplicateItem("x"))) { try outline.tryAppend(["x", "x"]) }
        #expect(throws: OutlineError(.append, .itemNotFound("nope"))) { try outline.tryAppend(["x"], to: "nope") }
        outline.append(["x"], to: "nope")
        #expect(!outline.contains("x"))
    }

    @Test func appendSectionSnapshotKeepsItsShape() throws {
        var outline = sampleOutline()
        var nuts = Outline()
        nuts.append(["nuts"])
        nuts.append(["almond"], to: "nuts")
        nuts.expand(["nuts"])
        try outline.tryAppend(nuts, to: "veg")
        #expect(outline.items == ["fruit", "apple", "pear", "nashi", "veg", "kale", "nuts", "almond"])
        #expect(outline.parent(of: "nuts") == "veg")
        #expect(outline.parent(of: "almond") == "nuts")
        #expect(outline.level(of: "almond") == 2)
        #expect(outline.isExpanded("nuts"))
        #expect(throws: OutlineError(.append, .duplicateItem("nuts"))) { try outline.tryAppend(nuts) }
    }

    @Test func insert() throws {
        var outline = sampleOutline()
        try outline.tryInsert(["quince"], before: "pear")
        try outline.tryInsert(["fig"], after: "pear")
        try outline.tryInsert(["grain"], after: "fruit")
        #expect(outline.items == ["fruit", "apple", "quince", "pear", "nashi", "fig", "grain", "veg", "kale"])
        #expect(outline.parent(of: "fig") == "fruit")
        #expect(outline.parent(of: "grain") == nil)
        #expect(outline.level(of: "quince") == 1)
        #expect(throws: OutlineError(.insert, .itemNotFound("nope"))) { try outline.tryInsert(["x"], before: "nope") }
        #expect(throws: OutlineError(.insert, .duplicateItem("kale"))) { try outline.tryInsert(["kale"], after: "veg") }
        outline.insert(["x"], after: "nope")
        outline.insert(["y"], before: "veg")
        #expect(outline.rootItems == ["fruit", "grain", "y", "veg"])
    }

    @Test func deleteRemovesDescendants() throws {
        var outline = sampleOutline()
        outline.expand(["pear"])
        try outline.tryDelete(["pear"])
        #expect(outline.items == ["fruit", "apple", "veg", "kale"])
        #expect(!outline.contains("nashi") && outline.parent(of: "nashi") == nil)
        #expect(outline.index(of: "kale") == 3)
        #expect(throws: OutlineError(.delete, .itemNotFound("pear"))) { try outline.tryDelete(["apple", "pear"]) }
        #expect(outline.contains("apple"))
        outline.deleteAll()
        #expect(outline.items.isEmpty)
    }

    @Test func replaceChildren() throws {
        var outline = sampleOutline()
        var replacement = Outline()
        replacement.append(["lemon", "lime"])
        try outline.tryReplace(childrenOf: "fruit", using: replacement)
        #expect(outline.items == ["fruit", "lemon", "lime", "veg", "kale"])
        #expect(!outline.contains("nashi"))
        #expect(throws: OutlineError(.replaceChildren, .duplicateItem("kale"))) {
            var clash = Outline()
            clash.append(["kale"])
            try outline.tryReplace(childrenOf: "fruit", using: clash)
        }
        #expect(throws: OutlineError(.replaceChildren, .itemNotFound("nope"))) {
            try outline.tryReplace(childrenOf: "nope", using: replacement)
        }
    }

    @Test func errorMessages() {
        #expect(
            OutlineError(.append, .duplicateItem("a")).description
                == "append: item a is already in the section snapshot")
        #expect(
            OutlineError(.delete, .itemNotFound("b")).description
                == "delete: item b is not in the section snapshot")
    }

    @Test func applyingToASnapshotUsesVisibleItems() throws {
        var outline = sampleOutline()
        outline.expand(["fruit"])
        var snapshot = DiffableSnapshot<Int, String>()
        try snapshot.tryApply(outline, to: 1)
        #expect(snapshot.sectionIdentifiers == [1])
        #expect(snapshot.itemIdentifiers(inSection: 1) == ["fruit", "apple", "pear", "veg"])
        outline.collapse(["fruit"])
        try snapshot.tryApply(outline, to: 1)
        #expect(snapshot.itemIdentifiers(inSection: 1) == ["fruit", "veg"])
        var other = Outline()
        other.append(["veg"])
        #expect(throws: SnapshotError<Int, String>(.applySectionSnapshot, .duplicateItem("veg"))) {
            try snapshot.tryApply(other, to: 2)
        }
        #expect(snapshot.sectionIdentifiers == [1])
    }
}
