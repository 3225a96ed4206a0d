@testable import CompositionalLayout
import Foundation
import Testing

@Suite struct RenderingTests {
    func small() throws -> LayoutEngine {
        let group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(50)),
            repeatingSubitem: item(.fractionalWidth(1), .fractionalHeight(1)), count: 2)
        let header = BoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .absolute(20)), elementKind: "header", alignment: .top)
        return try engine(
            CompositionalLayout(section: LayoutSection(group: group, boundarySupplementaryItems: [header])), [2],
            container: Size(width: 100, height: 200))
    }

    @Test func svgGolden() throws {
        let expected = """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="70" viewBox="0 0 100 70" \
            font-family="sans-serif" font-size="10">
            <rect x="0" y="0" width="100" height="70" fill="#fafafa" stroke="#999"/>
            <rect class="cell" x="0" y="20" width="50" height="50" fill="#dfd" stroke="#393"/>
            <text x="2" y="31">0.0</text>
            <rect class="cell" x="50" y="20" width="50" height="50" fill="#dfd" stroke="#393"/>
            <text x="52" y="31">0.1</text>
            <rect class="supplementaryView" x="0" y="0" width="100" height="20" fill="#ffd" stroke="#aa3"/>
            <text x="2" y="11">header 0.0</text>
            </svg>

            """
        #expect(try small().svg() == expected)
    }

    @Test func debugOutputListsEveryElement() throws {
        #expect(
            try small().debugOutput == """
                content 100×70
                cell [0, 0] (0, 20, 50, 50) z0
                cell [0, 1] (50, 20, 50, 50) z0
                supplementaryView(header) [0, 0] (0, 0, 100, 20) z1
                """)
    }

    @Test func orthogonalSectionsAreDrawnWithTheirOverflow() throws {
        let group = LayoutGroup.horizontal(
            layoutSize: size(.absolute(80), .absolute(40)), subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        let laidOut = try engine(
            CompositionalLayout(section: LayoutSection(group: group, orthogonalScrollingBehavior: .continuous)), [3],
            container: Size(width: 100, height: 200))
        let svg = laidOut.svg()
        #expect(svg.contains("<rect class=\"orthogonal\" x=\"0\" y=\"0\" width=\"240\" height=\"40\""))
        #expect(svg.contains("width=\"240\" height=\"40\" viewBox"))
    }
}

@Suite struct JSONTests {
    @Test func documentedExampleDecodes() throws {
        let json = """
            { "configuration": { "scrollDirection": "vertical", "interSectionSpacing": 8,
                                 "boundarySupplementaryItems": [] },
              "sections": [ { "group": { "kind": "horizontal",
                    "size": { "width": { "fractionalWidth": 1 }, "height": { "absolute": 36 } },
                    "subitems": [
                        { "item": { "size": { "width": { "estimated": 50 }, "height": { "absolute": 36 } } } } ],
                    "interItemSpacing": { "fixed": 8 } },
                  "interGroupSpacing": 8,
                  "contentInsets": { "top": 12, "leading": 16, "bottom": 12, "trailing": 16 },
                  "decorationItems": [ { "elementKind": "background" } ] } ] }
            """
        let layout = try JSONDecoder().decode(CompositionalLayout.self, from: Data(json.utf8))
        var group = LayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(36)), subitems: [item(.estimated(50), .absolute(36))])
        group.interItemSpacing = .fixed(8)
        let section = LayoutSection(
            group: group, contentInsets: EdgeInsets(top: 12, leading: 16, bottom: 12, trailing: 16),
            interGroupSpacing: 8,
            decorationItems: [.background(elementKind: "background")])
        #expect(
            layout
                == CompositionalLayout(sections: [section], configuration: LayoutConfiguration(interSectionSpacing: 8)))
    }

    @Test func defaultsAreLeftOut() throws {
        let data = try JSONEncoder().encode(LayoutItem(layoutSize: size(.absolute(1), .fractionalHeight(0.5))))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?.keys.sorted() == ["size"])
    }

    @Test func closuresDoNotEncode() throws {
        let custom = LayoutGroup.custom(
            layoutSize: size(.absolute(1), .absolute(1)), layout: CustomGroupLayout(name: "c") { _ in [] })
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(custom) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(CompositionalLayout { _, _ in nil }) }
    }

    @Test func unknownCasesAreDecodingErrors() throws {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(LayoutDimension.self, from: Data(#"{"percent": 3}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(LayoutDimension.self, from: Data(#"{"absolute": 3, "estimated": 4}"#.utf8))
        }
    }
}
